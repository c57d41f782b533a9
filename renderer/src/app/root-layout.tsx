import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { layoutForPath } from './layout-for-path';
import { PublicLayout } from './layouts/public-layout';
import { useReferralCapture } from './referral-capture';

// The member and admin shells are only fetched by people who go there.
const MemberLayout = lazy(() => import('./layouts/member-layout'));
const AdminLayout = lazy(() => import('./layouts/admin-layout'));

/** Chooses the layout by path and shows the full-screen loader while a route change loads. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useReferralCapture();
  const layout = layoutForPath(pathname);
  const page = <Outlet />;
  return (
    <>
      {navigation.state === 'loading' && <FullScreenLoader />}
      <Suspense fallback={<FullScreenLoader />}>
        {layout === 'admin' ? <AdminLayout>{page}</AdminLayout> : layout === 'member' ? <MemberLayout>{page}</MemberLayout> : <PublicLayout>{page}</PublicLayout>}
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
