import { Outlet } from 'react-router';
import { canEnterSupportMode, isAdministrator } from '@shared/domain/accounts/permissions';
import { AppHeader } from '../../components/layouts/app-header';
import { FullScreenLoader } from '../../components/ui/full-screen-loader';
import { logout } from '../../stores/session-store';
import { MemberNavLink, MemberRecordsGate, StaffReadingBar } from '../../features/dashboard/member-scope';
import { useSession } from '../../stores/use-session';
import { AppShell } from './app-shell';
import { SupportModeBarWhileActive } from './support-mode-bar-gate';
import styles from './shell.module.css';

/**
 * docs/behaviour.md §2 member dashboard menu, the dashboard's one navigation at every width (the header carries
 * no sections of its own for members, app-header.tsx). Reports, the SPEC header's one section the
 * menu lacks, is listed before Settings so every page stays one tap away. Its links keep a broker's
 * chosen client (?member=, MemberNavLink of features/dashboard/member-scope.tsx).
 */
const memberMenu = (isBroker: boolean) => [
  { to: '/dashboard', label: 'Dashboard', end: true },
  { to: '/dashboard/protection', label: 'Protection' },
  { to: '/dashboard/claims', label: 'Claims' },
  { to: '/dashboard/payments', label: 'Payments' },
  { to: '/dashboard/paddocks', label: isBroker ? 'Your Clients' : 'Your Farm' },
  { to: '/dashboard/reports', label: 'Reports' },
  { to: '/dashboard/settings', label: 'Settings' },
];

/** docs/behaviour.md §2: the admin-only items of the member menu. */
const adminItems = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/agriculture-zones', label: 'Agriculture Zones' },
  { to: '/admin/agriculture-zones-comprehensive', label: 'Zone Pricing Management' },
  { to: '/admin/pricing', label: 'Pricing' },
  { to: '/admin/analytics', label: 'Analytics' },
];

/**
 * docs/behaviour.md §2 member dashboard: the same shell for members and brokers, with 'Clients' wording for
 * brokers, the admin-only items for administrators, and the members list (where support mode is
 * entered) for support staff. Its route's guard has sent a visitor to sign-in and back.
 */
export default function MemberLayout() {
  const { user } = useSession();
  if (!user) return <FullScreenLoader />;
  const isBroker = user.isBroker;
  return (
    <AppShell
      layout="member"
      header={<AppHeader />}
      banner={
        <>
          <SupportModeBarWhileActive />
          <StaffReadingBar />
        </>
      }
      navLabel="Dashboard"
      nav={
        <ul>
          {memberMenu(isBroker).map((item) => (
            <li key={item.to}>
              <MemberNavLink to={item.to} end={item.end}>
                {item.label}
              </MemberNavLink>
            </li>
          ))}
          {isAdministrator(user) ? (
            <li>
              <ul aria-label="Administration" className={styles.adminItems}>
                {adminItems.map((item) => (
                  <li key={item.to}>
                    <MemberNavLink to={item.to}>{item.label}</MemberNavLink>
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            canEnterSupportMode(user) && (
              <li>
                <ul aria-label="Customer support" className={styles.adminItems}>
                  <li>
                    <MemberNavLink to="/admin/members">Members (support mode)</MemberNavLink>
                  </li>
                </ul>
              </li>
            )
          )}
          {user.isReferrer && (
            <li>
              <MemberNavLink to="/referrer/leads">Your referrals</MemberNavLink>
            </li>
          )}
          <li>
            <button type="button" onClick={() => void logout()}>
              Sign Out
            </button>
          </li>
        </ul>
      }
    >
      <MemberRecordsGate>
        <Outlet />
      </MemberRecordsGate>
    </AppShell>
  );
}
