import { renderToString } from 'react-dom/server';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { SITEMAP_PATHS } from '@shared/site-pages';
import { AppRoot, pageLoaded } from './app/app-root';
import { routes } from './app/router';
import { PrerenderedTitle } from './lib/page-title';
import { createQueryClient } from './lib/react-query';

export { PAGE_PATHS, prerenderedFileName, SITEMAP_PATHS } from '@shared/site-pages';

/**
 * The pages the public pages link to, whose code the browser fetches ahead without running it
 * (app/route-prefetch.ts, from the map scripts/prerender.mjs writes into each page).
 */
export const LINKED_PATHS = [...SITEMAP_PATHS, '/auth/signin', '/auth/register', '/auth/referrer-signin', '/auth/forgot-password'];

/** The router at `path` with the page's modules loaded, as the browser has it before its first render. */
export async function loadPage(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await pageLoaded(router);
  if (router.state.errors) throw new Error(`${path} failed to load: ${JSON.stringify(router.state.errors)}`);
  if (router.state.location.pathname !== path) throw new Error(`${path} redirects to ${router.state.location.pathname}; only pages open to a visitor are loaded here.`);
  return router;
}

/**
 * Notes the page modules of the route branch at `path` (a pattern of PAGE_PATHS) without importing
 * them (renderer/vite.config.ts): pages behind sign-in, whose guards a visitor cannot pass, are
 * mapped to their code this way, for the browser to fetch ahead as it does the public pages'.
 */
export async function notePageModules(path: string): Promise<void> {
  const flags = globalThis as { prerenderNotesOnly?: boolean };
  flags.prerenderNotesOnly = true;
  try {
    for (const { route } of matchRoutes(routes, path) ?? []) if (typeof route.lazy === 'function') await route.lazy();
  } finally {
    delete flags.prerenderNotesOnly;
  }
}

/**
 * A public page's first screen as HTML, written at build time (scripts/prerender.mjs) so that a
 * phone paints the page before any script has run. It is what the browser's first render draws,
 * from the same tree (AppRoot) once the page's module has loaded: nothing fetched (loading states
 * where the page asks the server) and lazily loaded parts at their placeholders. main.tsx then
 * hydrates it. Its title is the one the page gives the browser's tab (lib/page-title.ts).
 */
export async function renderPage(path: string): Promise<{ html: string; title: string }> {
  const router = await loadPage(path);
  let title: string | undefined;
  try {
    const html = renderToString(
      <PrerenderedTitle.Provider value={(pageTitle) => (title = pageTitle)}>
        <AppRoot router={router} queryClient={createQueryClient()} />
      </PrerenderedTitle.Provider>,
    );
    if (title === undefined) throw new Error(`${path} was drawn without a title: its heading should call usePageTitle.`);
    return { html, title };
  } finally {
    router.dispose();
  }
}
