import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import styles from './app-header.module.css';

/** SPEC §2: on dashboard and admin pages the header shows the member's working sections. */
export function AppHeader({ isBroker, actions }: { isBroker: boolean; /** e.g. the admin notification bell */ actions?: ReactNode }) {
  const items = [
    { to: '/dashboard', label: 'Dashboard', end: true },
    { to: '/dashboard/protection', label: 'Protection' },
    { to: '/dashboard/paddocks', label: isBroker ? 'Clients' : 'Paddocks' },
    { to: '/dashboard/claims', label: 'Claims' },
    { to: '/dashboard/reports', label: 'Reports' },
    { to: '/dashboard/payments', label: 'Payments' },
    { to: '/dashboard/settings', label: 'Settings' },
  ];
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Grain Growers Mutual</span>
      </Link>
      <nav aria-label="Sections">
        <ul className={styles.items}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {actions}
    </header>
  );
}
