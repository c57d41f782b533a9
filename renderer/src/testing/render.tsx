import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../lib/react-query';
import { trackQueryClient } from './settle';

export interface RenderOptions {
  /** The address the page is opened at; the element is rendered inside a router at it. */
  at?: string;
  /** A cache set up by the test (a session already known, say); a fresh one by default. */
  queryClient?: QueryClient;
}

/**
 * Renders a page or component as the app does: with the one query cache and, when `at` is given,
 * a router. The providers wrap every `rerender` too.
 */
export function renderWithProviders(ui: ReactElement, { at, queryClient = createQueryClient() }: RenderOptions = {}): RenderResult & { queryClient: QueryClient } {
  trackQueryClient(queryClient);
  const Providers = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{at === undefined ? children : <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter>}</QueryClientProvider>
  );
  return Object.assign(render(ui, { wrapper: Providers }), { queryClient });
}
