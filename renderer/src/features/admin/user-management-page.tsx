import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Permission, PERMISSIONS } from '@shared/constants';
import { type AdminUser, adminUsersResponseSchema, type RoleChangeRequest, userResponseSchema } from '@shared/contracts/accounts';
import { formatDate } from '@shared/format';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { useSession } from '../../stores/use-session';
import styles from './admin.module.css';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager, SearchForm } from './admin-ui';
import { listPath, useAdminData } from './use-admin-data';

const PAGE_SIZE = 20;

const PERMISSION_LABELS: Record<Permission, string> = {
  admin: 'admin — every permission and the admin console',
  edit_quotes: 'edit_quotes — change quotes; support mode at write level',
  view_reports: 'view_reports — reports',
  customer_support: 'customer_support — support mode for a customer',
};

/** /admin/user-management: find a user, change their roles and permissions and their broker of record. */
export default function UserManagementPage() {
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser>();
  const [saved, setSaved] = useState<string>();
  const users = useAdminData(listPath('/api/admin/users', { search: query, page, pageSize: PAGE_SIZE }), adminUsersResponseSchema);

  const find = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search.trim());
    setPage(1);
  };

  return (
    <section>
      <AdminPageHeader title="User Management">Every account, with its roles and permissions. Changes apply at the user’s next request and are written to the security log.</AdminPageHeader>
      <SearchForm id="user-search" label="Name, e-mail or business" value={search} onValueChange={setSearch} onSearch={find} />

      {saved && (
        <p className={styles.notice} role="status">
          {saved}
        </p>
      )}
      {editing && (
        <RoleEditor
          key={editing.id}
          user={editing}
          isMe={editing.id === me?.id}
          onCancel={() => setEditing(undefined)}
          onSaved={(message) => {
            setEditing(undefined);
            setSaved(message);
            users.reload();
          }}
        />
      )}

      {users.status === 'loading' && <ListLoading label="Loading users…" />}
      {users.status === 'error' && <ListError message={users.message} onRetry={users.reload} />}
      {users.status === 'ready' && users.data.users.length === 0 && <ListEmpty>{query ? `No user matches “${query}”.` : 'There are no users yet.'}</ListEmpty>}
      {users.status === 'ready' && users.data.users.length > 0 && (
        <>
          <table className={styles.table} aria-busy={users.isRefreshing}>
            <caption className="visually-hidden">Users, newest first</caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Roles</th>
                <th scope="col">Broker of record</th>
                <th scope="col">Joined</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user) => (
                <tr key={user.id}>
                  <td data-label="User">
                    <strong>
                      {user.name}
                      {user.id === me?.id && ' (you)'}
                    </strong>
                    <div className={styles.muted}>{user.email}</div>
                    {user.businessName && <div className={styles.muted}>{user.businessName}</div>}
                  </td>
                  <td data-label="Roles">
                    <RoleBadges user={user} />
                  </td>
                  <td data-label="Broker of record">{user.broker?.name ?? '—'}</td>
                  <td data-label="Joined">{formatDate(user.createdAt)}</td>
                  <td data-label="Actions">
                    <button
                      type="button"
                      className="button"
                      aria-label={`Change roles of ${user.name}`}
                      onClick={() => {
                        setSaved(undefined);
                        setEditing(user);
                      }}
                    >
                      Change roles
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pageSize={PAGE_SIZE} total={users.data.total} noun="users" onPage={setPage} />
        </>
      )}
    </section>
  );
}

function RoleBadges({ user }: { user: AdminUser }) {
  const roles = [
    ...(user.isAdmin ? ['Administrator'] : []),
    ...(user.isBroker ? ['Broker'] : []),
    ...(user.referrerCode ? [`Referrer ${user.referrerCode}`] : []),
    ...user.permissions.filter((permission) => !(permission === 'admin' && user.isAdmin)),
  ];
  if (roles.length === 0) return <span className={styles.muted}>Member</span>;
  return (
    <>
      {roles.map((role) => (
        <span key={role} className={styles.badge} data-tone={role === 'Administrator' || role === 'admin' ? 'brand' : undefined}>
          {role}
        </span>
      ))}
    </>
  );
}

/** The roles form for one user; the server's refusal (e.g. removing your own admin role) is shown as it says it. */
function RoleEditor({ user, isMe, onCancel, onSaved }: { user: AdminUser; isMe: boolean; onCancel: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<Required<RoleChangeRequest>>({ isAdmin: user.isAdmin, isBroker: user.isBroker, permissions: user.permissions, brokerId: user.broker?.id ?? null });
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const brokers = useAdminData(listPath('/api/admin/users', { role: 'broker', pageSize: 100 }), adminUsersResponseSchema);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const togglePermission = (permission: Permission, on: boolean) =>
    setForm({ ...form, permissions: on ? PERMISSIONS.filter((held) => held === permission || form.permissions.includes(held)) : form.permissions.filter((held) => held !== permission) });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      await apiRequest('PUT', `/api/admin/users/${encodeURIComponent(user.id)}/roles`, { body: form, schema: userResponseSchema });
      onSaved(`The roles of ${user.name} are saved.`);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : 'The roles could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const brokerChoices = brokers.status === 'ready' ? brokers.data.users.filter((broker) => broker.id !== user.id) : [];
  return (
    <form className={styles.panel} onSubmit={(event) => void save(event)} aria-labelledby="role-editor-title">
      <h2 id="role-editor-title" ref={heading} tabIndex={-1}>
        Roles of {user.name}
        {isMe && ' (you)'}
      </h2>
      <p className={styles.muted}>{user.email}</p>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.panelGrid}>
        <fieldset className={styles.checkboxes}>
          <legend>Roles</legend>
          <label className={styles.checkbox}>
            <input type="checkbox" checked={form.isAdmin} onChange={(event) => setForm({ ...form, isAdmin: event.target.checked })} />
            <span>Administrator (isAdmin)</span>
          </label>
          <label className={styles.checkbox}>
            <input type="checkbox" checked={form.isBroker} onChange={(event) => setForm({ ...form, isBroker: event.target.checked })} />
            <span>Broker (isBroker) — acts for their clients</span>
          </label>
        </fieldset>
        <fieldset className={styles.checkboxes}>
          <legend>Permissions</legend>
          {PERMISSIONS.map((permission) => (
            <label key={permission} className={styles.checkbox}>
              <input type="checkbox" checked={form.permissions.includes(permission)} onChange={(event) => togglePermission(permission, event.target.checked)} />
              <span>{PERMISSION_LABELS[permission]}</span>
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor="broker-of-record">Broker of record</label>
          <select id="broker-of-record" className={styles.input} value={form.brokerId ?? ''} disabled={brokers.status !== 'ready'} onChange={(event) => setForm({ ...form, brokerId: event.target.value || null })}>
            <option value="">No broker</option>
            {brokerChoices.map((broker) => (
              <option key={broker.id} value={broker.id}>
                {broker.name} ({broker.email})
              </option>
            ))}
          </select>
          <span className={styles.hint}>{brokers.status === 'error' ? brokers.message : 'The broker who acts for this client. Only users with the broker role are listed.'}</span>
        </div>
      </div>
      <div className={styles.panelActions}>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save roles'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
