import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot, pageLoaded } from './app/app-root';
import { lazyInLaterTasks } from './app/lazy-in-later-tasks';
import { openedOnPrerenderedPage, PRERENDERED_MARKER } from './lib/prerendered-page';
import { prefetchRoute } from './app/route-prefetch';
import { askForSessionIfGuarded } from './app/route-guards';
import { routes } from './app/router';
import { installErrorReporting } from './lib/error-reporter';
import { nextTask } from './lib/next-task';
import { prefetchLinksNearView } from './lib/link-prefetch';
import { queryClient } from './lib/react-query';
import './styles/global.css';

// zod compiles its object parsers with new Function unless told not to; the site's Content Security
// Policy forbids that, and the refused attempt is reported as a violation on every page that parses.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// docs/behaviour.md §8: uncaught errors, failed API calls and crashes are reported from the first page on.
installErrorReporting();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const drawn = container.hasAttribute(PRERENDERED_MARKER);
const followDrawnPage = drawn ? openedOnPrerenderedPage(window.location.pathname) : undefined;
askForSessionIfGuarded(routes, window.location.pathname);
// Evaluating the app's code and making the router (which starts loading the page's modules) are two tasks, not one long one.
await nextTask();
const router = createBrowserRouter(lazyInLaterTasks(routes));
followDrawnPage?.(router);
// In idle time (route-prefetch.ts): fetching a page's code must not hold up the page being read.
prefetchLinksNearView(document.body, (path) => prefetchRoute(routes, path));

const app = (onShown?: () => void) => <AppRoot router={router} queryClient={queryClient} onShown={onShown} />;
if (drawn) {
  // A page drawn at build time (scripts/prerender.mjs) is hydrated once its module has loaded, so
  // that the first render matches it. Until then it is inert (readable, but a tap or typing waits):
  // set here rather than in the HTML, so that without scripts its links still work.
  container.inert = true;
  // A visit that brings ?ref= keeps the code before the page is the app's, as the root layout keeps
  // it before it draws a page in the browser (a visitor moving on at once still has it). Should that
  // code not arrive (a dropped connection), the page still becomes the app's, and the root layout's
  // own try says to refresh; waiting on it left the page inert for good.
  const { search } = window.location;
  const referralKept = new URLSearchParams(search).has('ref')
    ? import('./app/referral-capture').then(
        ({ rememberReferralCode }) => rememberReferralCode(search),
        () => undefined,
      )
    : undefined;
  void Promise.all([pageLoaded(router), referralKept]).then(() =>
    hydrateRoot(
      container,
      app(() => {
        container.inert = false;
        container.removeAttribute(PRERENDERED_MARKER);
      }),
    ),
  );
} else {
  // In a transition, so that drawing the page yields to the browser instead of holding it up.
  const root = createRoot(container);
  startTransition(() => root.render(app()));
}
