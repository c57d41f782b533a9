import { type ReactNode, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { isAdministrator } from '@shared/domain/accounts/permissions';
import type { ClientUser } from '../../stores/session-store';
import { AppHeader } from '../../components/layouts/app-header';
import { NotificationBell, UnreadSubmissionsBadge } from '../../features/form-submissions/components/notification-bell';
import { logout } from '../../stores/session-store';
import { useRequireSession } from '../../stores/use-session';
import { adminMenuFor, groupForPath, mayOpenAdminPage } from './admin-menu';
import { AppShell } from './app-shell';
import { SupportModeBar } from './support-mode-bar';
import styles from './shell.module.css';

/** SPEC §8 text of the Access Denied state. */
export const ACCESS_DENIED_MESSAGE = "You don't have permission to access the admin dashboard.";

/**
 * SPEC §4 admin layout states: a spinner while the session loads; a visitor goes to sign-in (and
 * back); a signed-in person who may not open this page sees Access Denied; an administrator sees
 * the console. Support staff (customer_support) see it too, on the pages they work from
 * (mayOpenAdminPage, docs/authorization.md), with a menu of just those.
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  const session = useRequireSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (session.status !== 'authenticated' || !session.user) {
    return (
      <div className="layout layout-admin" data-layout="admin">
        <div className={styles.checking} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          <span>Checking your access…</span>
        </div>
      </div>
    );
  }
  if (!mayOpenAdminPage(session.user, pathname)) {
    return (
      <div className="layout layout-admin" data-layout="admin">
        <main id="main" className={styles.denied}>
          <h1>Access Denied</h1>
          <p>{ACCESS_DENIED_MESSAGE}</p>
          <div className={styles.deniedActions}>
            <button type="button" className="button button-primary" onClick={() => navigate('/dashboard')}>
              Go to Dashboard
            </button>
            <button type="button" className="button" onClick={() => void logout()}>
              Sign Out
            </button>
          </div>
        </main>
      </div>
    );
  }
  return <AdminConsole user={session.user}>{children}</AdminConsole>;
}

/** SPEC §2 admin layout: grouped menu, one group open at a time, the active item highlighted. */
function AdminConsole({ user, children }: { user: ClientUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const [openGroup, setOpenGroup] = useState<string | undefined>(() => groupForPath(pathname));
  const menu = adminMenuFor(user);
  return (
    <AppShell
      layout="admin"
      header={<AppHeader isBroker={false} actions={isAdministrator(user) ? <NotificationBell /> : undefined} />}
      banner={<SupportModeBar />}
      navLabel="Administration"
      nav={
        <ul>
          {menu.groups.map((group) => {
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
                        <NavLink to={entry.path}>
                          {entry.label}
                          {entry.path === '/admin/form-submissions' && <UnreadSubmissionsBadge />}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
          {menu.account.map((entry) => (
            <li key={entry.path}>
              <NavLink to={entry.path}>{entry.label}</NavLink>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => void logout()}>
              Sign Out
            </button>
          </li>
        </ul>
      }
    >
      {children}
    </AppShell>
  );
}
