import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { useReferralCapture } from './referral-capture';
import { useGuardsFollowSession } from './route-guards';

/** Above every layout: the full-screen loader while a route change loads (SPEC §2), ?ref= capture, and guards that follow the session. */
export function RootLayout() {
  const navigation = useNavigation();
  useReferralCapture();
  useGuardsFollowSession();
  return (
    <>
      {navigation.state === 'loading' && <FullScreenLoader />}
      <Suspense fallback={<FullScreenLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
