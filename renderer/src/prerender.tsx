import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { createQueryClient } from './lib/react-query';

export { PRERENDERED_PATHS, prerenderedPageFile } from '@shared/site-pages';

/**
 * A public page's first screen as HTML, written at build time (scripts/prerender.mjs) so that a
 * phone paints the page before any script has run. It is what the browser's first render draws:
 * the same tree as main.tsx, with nothing fetched (loading states where the page asks the server)
 * and lazily loaded parts at their placeholders; main.tsx then draws over it.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers a redirect (${context.status}); only pages that draw are pre-rendered.`);
  if (context.errors) throw new Error(`${path} failed to load: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
