import { createContext, StrictMode, useContext, useEffect } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type DataRouter, RouterProvider } from 'react-router';

/** Resolves once the router has loaded the modules of the page it opened on (its lazy routes). */
export function pageLoaded(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

const ShownContext = createContext<(() => void) | undefined>(undefined);

/**
 * Placed by the root layout beside the page, inside its Suspense boundary: React hydrates a
 * boundary after the root has committed, so an effect here, not in AppRoot, runs once the page
 * itself is the app's.
 */
export function PageShown() {
  const onShown = useContext(ShownContext);
  useEffect(() => onShown?.(), [onShown]);
  return null;
}

/**
 * The whole app, one tree for the browser (main.tsx) and for the pages drawn at build time
 * (prerender.tsx): the browser takes a drawn page over by hydrating it, which only works when both
 * sides render the same tree. `onShown` runs once the page is the app's (never on the server).
 */
export function AppRoot({ router, queryClient, onShown }: { router: DataRouter; queryClient: QueryClient; onShown?: () => void }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ShownContext value={onShown}>
          <RouterProvider router={router} />
        </ShownContext>
      </QueryClientProvider>
    </StrictMode>
  );
}
