import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { canEnterSupportMode, isAdministrator } from '@shared/domain/accounts/permissions';
import { useSession } from '../../stores/use-session';
import styles from './app-header.module.css';

interface Section {
  to: string;
  label: string;
  end?: boolean;
}

/** docs/behaviour.md §2: the header's sections of a member's dashboard, shown to staff in support mode for that member. */
const memberSections: Section[] = [
  { to: '/dashboard', label: 'Dashboard', end: true },
  { to: '/dashboard/protection', label: 'Protection' },
  { to: '/dashboard/paddocks', label: 'Paddocks' },
  { to: '/dashboard/claims', label: 'Claims' },
  { to: '/dashboard/reports', label: 'Reports' },
  { to: '/dashboard/payments', label: 'Payments' },
  { to: '/dashboard/settings', label: 'Settings' },
];

/**
 * The header of the dashboard and admin pages. A member's or broker's dashboard has one navigation,
 * the sidebar's menu (member-layout.tsx), so their header carries the brand alone
 * (docs/dashboard.md). Staff get sections of their own: where their work starts (the admin dashboard, or the members list for support staff),
 * and the member's sections only in support mode, named for whose they are, since the dashboard
 * pages then show that member's records.
 */
export function AppHeader({ actions }: { /** e.g. the admin notification bell */ actions?: ReactNode }) {
  const { user, supportMode } = useSession();
  const isStaff = canEnterSupportMode(user);
  const supporting = isStaff && supportMode.isActive ? supportMode.customerName : null;
  const home: Section = isAdministrator(user) ? { to: '/admin/dashboard', label: 'Admin Dashboard' } : { to: '/admin/members', label: 'Members' };
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Grain Growers Mutual</span>
      </Link>
      {isStaff && (
        <nav aria-label="Sections">
          <ul className={styles.items}>
            <SectionLink section={home} />
            {supporting !== null && (
              <li className={styles.supportGroup}>
                <span className={styles.groupLabel}>{supporting}:</span>
                <ul className={styles.items} aria-label={`${supporting}’s sections`}>
                  {memberSections.map((section) => (
                    <SectionLink key={section.to} section={section} />
                  ))}
                </ul>
              </li>
            )}
          </ul>
        </nav>
      )}
      {actions}
    </header>
  );
}

function SectionLink({ section }: { section: Section }) {
  return (
    <li>
      <NavLink to={section.to} end={section.end}>
        {section.label}
      </NavLink>
    </li>
  );
}
