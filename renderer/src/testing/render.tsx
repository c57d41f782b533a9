import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, renderHook, type RenderHookResult, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../lib/react-query';
import { trackQueryClient } from './settle';

export interface RenderOptions {
  /** The address the page is opened at; the element is rendered inside a router at it. */
  at?: string;
  /** A cache set up by the test (a session already known, say); a fresh one by default. */
  queryClient?: QueryClient;
}

/** The app's query cache, retrying a failed load as it always does but without the waits between tries. */
export function queryClientRetryingAtOnce(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } });
  return queryClient;
}

/** Where a page sent the visitor when it left its own path (to sign in, say), for a test to read. */
function LeftThePage() {
  const { pathname, search } = useLocation();
  return <p data-testid="left-the-page">{`${pathname}${search}`}</p>;
}

/**
 * The providers the app gives a page: the query cache (tracked for settle.ts) and, with `at`, a
 * router in which the page is at its own path only, as in the app: a page that sends the visitor
 * elsewhere is left, so it cannot keep sending them on from wherever it went.
 */
function providers({ at, queryClient = createQueryClient() }: RenderOptions, routesOfItsOwn = false) {
  trackQueryClient(queryClient);
  const atItsPath = (page: ReactNode) => (
    <Routes>
      <Route path={new URL(at ?? '/', 'http://localhost').pathname} element={page} />
      <Route path="*" element={<LeftThePage />} />
    </Routes>
  );
  const Providers = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{at === undefined ? children : <MemoryRouter initialEntries={[at]}>{routesOfItsOwn ? children : atItsPath(children)}</MemoryRouter>}</QueryClientProvider>
  );
  return { wrapper: Providers, queryClient };
}

/**
 * Renders a page or component as the app does: with the one query cache and, when `at` is given,
 * a router (in which a test's own `<Routes>` do the routing). The providers wrap every `rerender` too.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult & { queryClient: QueryClient } {
  const { wrapper, queryClient } = providers(options, ui.type === Routes);
  return Object.assign(render(ui, { wrapper }), { queryClient });
}

/** Renders a hook inside the same providers as renderWithProviders, for a hook tested on its own. */
export function renderHookWithProviders<Result>(hook: () => Result, options: RenderOptions = {}): RenderHookResult<Result, unknown> & { queryClient: QueryClient } {
  const { wrapper, queryClient } = providers(options);
  return Object.assign(renderHook(hook, { wrapper }), { queryClient });
}
