import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { prefetchRoute } from './app/route-prefetch';
import { routes } from './app/router';
import { installErrorReporting } from './lib/error-reporter';
import { prefetchLinksNearView } from './lib/link-prefetch';
import { queryClient } from './lib/react-query';
import './styles/global.css';

// zod compiles its object parsers with new Function unless told not to; the site's Content Security
// Policy forbids that, and the refused attempt is reported as a violation on every page that parses.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// SPEC §8: uncaught errors, failed API calls and crashes are reported from the first page on.
installErrorReporting();
const router = createBrowserRouter(routes);
// In idle time: importing a page's modules runs them, which must not hold up the page being read.
prefetchLinksNearView(document.body, (path) => requestIdleCallback(() => prefetchRoute(routes, path)));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);
// In a transition, so that drawing the page yields to the browser instead of holding it up.
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
// A page drawn at build time (scripts/prerender.mjs) stays until the app can draw the same page over
// it: drawing before the page's module has loaded would put the route loader in its place a moment.
if (container.querySelector('[data-prerendered]') && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
} else {
  render();
}
