import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { AppHeader } from '../../components/layouts/app-header';
import styles from './shell.module.css';

const memberMenu = (isBroker: boolean) => [
  { to: '/dashboard', label: 'Dashboard', end: true },
  { to: '/dashboard/protection', label: 'Protection' },
  { to: '/dashboard/claims', label: 'Claims' },
  { to: '/dashboard/payments', label: 'Payments' },
  { to: '/dashboard/paddocks', label: isBroker ? 'Your Clients' : 'Your Farm' },
  { to: '/dashboard/settings', label: 'Settings' },
];

/** SPEC §2 member dashboard: the same shell for members and brokers, with 'Clients' wording for brokers. */
export default function MemberLayout({ children }: { children: ReactNode }) {
  const isBroker = false;
  return (
    <div className="layout layout-member" data-layout="member">
      <AppHeader isBroker={isBroker} />
      <div className={styles.body}>
        <nav aria-label="Dashboard" className={styles.sidebar}>
          <ul>
            {memberMenu(isBroker).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className={styles.content}>
          {children}
        </main>
      </div>
    </div>
  );
}
