import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { DisplayErrorBoundary } from '../components/ui/error-boundaries';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { PageShown } from './app-root';
import { useFocusAfterMove } from './focus-after-move';
import { useGuardsFollowSession } from './route-guards';

// Its schema is loaded only for a visit that brings a ?ref= code.
const ReferralCapture = lazy(async () => ({ default: (await import('./referral-capture')).ReferralCapture }));

/**
 * Above every layout: the full-screen loader while a route change loads (docs/behaviour.md §2), ?ref= capture
 * (a visitor arriving with ?ref=CODE keeps the code for this tab, for registration and the quote's
 * personal details; the page waits for it, as a sibling in the same boundary), guards that
 * follow the session, and where focus goes after a move (focus-after-move.ts).
 */
export function RootLayout() {
  const navigation = useNavigation();
  const { search } = useLocation();
  useGuardsFollowSession();
  useFocusAfterMove();
  return (
    <>
      {navigation.state === 'loading' && <FullScreenLoader />}
      <Suspense fallback={<FullScreenLoader />}>
        {new URLSearchParams(search).has('ref') && (
          // Should its code not arrive, the page still opens, saying to refresh where the code would be kept.
          <DisplayErrorBoundary>
            <ReferralCapture search={search} />
          </DisplayErrorBoundary>
        )}
        <Outlet />
        <PageShown />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
