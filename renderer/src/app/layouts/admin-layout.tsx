import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { isAdministrator } from '@shared/domain/accounts/permissions';
import type { ClientUser } from '../../stores/session-store';
import { AppHeader } from '../../components/layouts/app-header';
import { NewSupportRequestsBadge } from '../../features/admin-support-requests/components/new-requests-badge';
import { NotificationBell, UnreadSubmissionsBadge } from '../../features/form-submissions/components/notification-bell';
import { logout } from '../../stores/session-store';
import { useSession } from '../../stores/use-session';
import { CheckingAccess } from './checking-access';
import { adminMenuFor, groupForPath, toggleGroup } from './admin-menu';
import { AppShell } from './app-shell';
import { SupportModeBarWhileActive } from './support-mode-bar-gate';
import { useSidebarBeside } from './use-sidebar-beside';
import styles from './shell.module.css';

/**
 * docs/behaviour.md §2 admin layout, for the pages of the admin area. Its route's guards have already let this
 * person in (router.tsx: administrators everywhere, support staff on their pages); while the
 * session loads the area shows its spinner, and anyone else sees Access Denied (admin-access.tsx).
 */
export default function AdminLayout() {
  const { user } = useSession();
  return user ? <AdminConsole user={user} /> : <CheckingAccess />;
}

/**
 * docs/behaviour.md §2 admin layout: grouped menu, the active item highlighted. The current page's group is
 * open; on a wide screen staff may open more groups beside it, while the folded menu of a phone
 * keeps SPEC's one group at a time (toggleGroup, docs/authorization.md).
 */
function AdminConsole({ user }: { user: ClientUser }) {
  const { pathname } = useLocation();
  const roomForSeveral = useSidebarBeside();
  const [openGroups, setOpenGroups] = useState<string[]>(() => [groupForPath(pathname)].filter((title) => title !== undefined));
  // A page reached from elsewhere (the header, a link on a page) opens its own group too.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    const group = groupForPath(pathname);
    if (group !== undefined && !openGroups.includes(group)) setOpenGroups(toggleGroup(openGroups, group, { roomForSeveral }));
  }
  const menu = adminMenuFor(user);
  return (
    <AppShell
      layout="admin"
      header={<AppHeader actions={isAdministrator(user) ? <NotificationBell /> : undefined} />}
      banner={<SupportModeBarWhileActive />}
      navLabel="Administration"
      nav={
        <ul>
          {menu.groups.map((group) => {
            const isOpen = openGroups.includes(group.title);
            const listId = `admin-group-${group.title.replace(/\W+/g, '-').toLowerCase()}`;
            return (
              <li key={group.title}>
                <button type="button" className={styles.groupTitle} aria-expanded={isOpen} aria-controls={listId} onClick={() => setOpenGroups(toggleGroup(openGroups, group.title, { roomForSeveral }))}>
                  {group.title}
                  <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
                </button>
                {isOpen && (
                  <ul id={listId} aria-label={group.title} className={styles.groupItems}>
                    {group.items.map((entry) => (
                      <li key={entry.path}>
                        <NavLink to={entry.path}>
                          {entry.label}
                          {entry.path === '/admin/form-submissions' && <UnreadSubmissionsBadge />}
                          {entry.path === '/admin/support-requests' && <NewSupportRequestsBadge />}
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
      <Outlet />
    </AppShell>
  );
}
