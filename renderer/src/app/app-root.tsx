import { StrictMode, useEffect } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type DataRouter, RouterProvider } from 'react-router';

/**
 * The whole app, one tree for the browser (main.tsx) and for the pages drawn at build time
 * (prerender.tsx): the browser takes a drawn page over by hydrating it, which only works when both
 * sides render the same tree. `onShown` runs once the page is the app's (never on the server).
 */
export function AppRoot({ router, queryClient, onShown }: { router: DataRouter; queryClient: QueryClient; onShown?: () => void }) {
  useEffect(() => onShown?.(), [onShown]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
