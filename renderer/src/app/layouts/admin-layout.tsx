import { type ReactNode, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { AppHeader } from '../../components/layouts/app-header';
import { adminAccountMenu, adminMenu, groupForPath } from './admin-menu';
import styles from './shell.module.css';

/** SPEC §2 admin layout: grouped menu, one group open at a time, the active item highlighted. */
export default function AdminLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [openGroup, setOpenGroup] = useState<string | undefined>(() => groupForPath(pathname));
  return (
    <div className="layout layout-admin" data-layout="admin">
      <AppHeader isBroker={false} />
      <div className={styles.body}>
        <nav aria-label="Administration" className={styles.sidebar}>
          <ul>
            {adminMenu.map((group) => {
              const isOpen = openGroup === group.title;
              const listId = `admin-group-${group.title.replace(/\W+/g, '-').toLowerCase()}`;
              return (
                <li key={group.title}>
                  <button type="button" className={styles.groupTitle} aria-expanded={isOpen} aria-controls={listId} onClick={() => setOpenGroup(isOpen ? undefined : group.title)}>
                    {group.title}
                    <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
                  </button>
                  {isOpen && (
                    <ul id={listId}>
                      {group.items.map((entry) => (
                        <li key={entry.path}>
                          <NavLink to={entry.path}>{entry.label}</NavLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
            {adminAccountMenu.map((entry) => (
              <li key={entry.path}>
                <NavLink to={entry.path}>{entry.label}</NavLink>
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
