import { useEffect, useRef, useState } from 'react';
import { type Permission, PERMISSIONS } from '@shared/constants';
import { type AdminUser, adminUsersQuerySchema, type RoleChangeRequest, roleChangeRequestSchema } from '@shared/contracts/accounts';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager, SearchForm } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { CheckboxField, SelectField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitOrCancel } from '../../components/ui/form/form';
import { failureMessage } from '../../lib/react-query';
import { useSession } from '../../stores/use-session';
import { useChangeRoles } from './api/change-roles';
import { useBrokers, USERS_PAGE_SIZE, useUsers } from './api/get-users';
import { formatDate } from '@shared/format';
import { PERMISSION_NAMES } from '@shared/domain/accounts/permissions';

const userSearchSchema = adminUsersQuerySchema.pick({ search: true });

/** What each permission allows, after its name. */
const PERMISSION_HINTS: Record<Permission, string> = {
  admin: 'the same as the administrator role',
  edit_quotes: 'change quotes; support mode at write level',
  view_reports: 'see the reports',
  customer_support: 'support mode for a customer',
};

/** /admin/user-management: find a user, change their roles and permissions and their broker of record. */
export default function UserManagementPage() {
  const { user: me } = useSession();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser>();
  const [saved, setSaved] = useState<string>();
  const users = useUsers(query, page);

  return (
    <section>
      <AdminPageHeader title="User Management">Every account, with its roles and permissions. Changes apply at the user’s next request and are written to the security log.</AdminPageHeader>
      <SearchForm
        label="Name, e-mail or business"
        schema={userSearchSchema}
        search={query}
        onSearch={(search) => {
          setQuery(search);
          setPage(1);
        }}
      />

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
          }}
        />
      )}

      {users.isPending && <ListLoading label="Loading users…" />}
      {users.isError && <ListError query={users} fallback="The list could not be loaded. Check your connection and try again." />}
      {users.isSuccess && users.data.users.length === 0 && <ListEmpty>{query ? `No user matches “${query}”.` : 'There are no users yet.'}</ListEmpty>}
      {users.isSuccess && users.data.users.length > 0 && (
        <>
          <table className={styles.table} aria-busy={users.isFetching}>
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
          <Pager page={page} pageSize={USERS_PAGE_SIZE} total={users.data.total} noun="user" onPage={setPage} />
        </>
      )}
    </section>
  );
}

function RoleBadges({ user }: { user: AdminUser }) {
  // A referrer code is up to 32 characters of staff's choosing: its badge may break on a phone.
  const roles: Array<{ label: string; tone?: 'brand'; wraps?: true }> = [
    ...(user.isAdmin ? [{ label: 'Administrator', tone: 'brand' as const }] : []),
    ...(user.isBroker ? [{ label: 'Broker' }] : []),
    ...(user.referrerCode ? [{ label: `Referrer ${user.referrerCode}`, wraps: true as const }] : []),
    ...user.permissions
      .filter((permission) => !(permission === 'admin' && user.isAdmin))
      .map((permission) => ({ label: PERMISSION_NAMES[permission], ...(permission === 'admin' ? { tone: 'brand' as const } : {}) })),
  ];
  if (roles.length === 0) return <span className={styles.muted}>Member</span>;
  return (
    <>
      {roles.map((role) => (
        <span key={role.label} className={styles.badge} data-tone={role.tone} data-wraps={role.wraps}>
          {role.label}
        </span>
      ))}
    </>
  );
}

/** The roles form for one user; the server's refusal (e.g. removing your own admin role) is shown as it says it. */
function RoleEditor({ user, isMe, onCancel, onSaved }: { user: AdminUser; isMe: boolean; onCancel: () => void; onSaved: (message: string) => void }) {
  const changeRoles = useChangeRoles(user.id);
  const form = useZodForm(roleChangeRequestSchema, { isAdmin: user.isAdmin, isBroker: user.isBroker, permissions: user.permissions, brokerId: user.broker?.id ?? '' });
  const brokers = useBrokers();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const save = async (change: RoleChangeRequest) => {
    // 'No broker' is the empty choice of the list, which the API calls null; a list still loading sends nothing.
    await changeRoles.mutateAsync({ ...change, brokerId: change.brokerId === undefined ? undefined : change.brokerId || null });
    onSaved(`The roles of ${user.name} are saved.`);
  };

  const brokerChoices = brokers.isSuccess ? brokers.data.users.filter((broker) => broker.id !== user.id) : [];
  return (
    <Form form={form} className={styles.panel} onSubmit={save} failureMessage="The roles could not be saved. Please try again." aria-labelledby="role-editor-title">
      <h2 id="role-editor-title" ref={heading} tabIndex={-1}>
        Roles of {user.name}
        {isMe && ' (you)'}
      </h2>
      <p className={styles.muted}>{user.email}</p>
      <FormError />
      <div className={styles.panelGrid}>
        <fieldset className={styles.checkboxes}>
          <legend>Roles</legend>
          <CheckboxField name="isAdmin" label="Administrator — the admin console and every permission" />
          <CheckboxField name="isBroker" label="Broker — acts for their clients" />
        </fieldset>
        <fieldset className={styles.checkboxes}>
          <legend>Permissions</legend>
          {PERMISSIONS.map((permission) => (
            <label key={permission} className={styles.checkbox}>
              <input type="checkbox" value={permission} {...form.register('permissions')} />
              <span>
                {PERMISSION_NAMES[permission]} — {PERMISSION_HINTS[permission]}
              </span>
            </label>
          ))}
        </fieldset>
        <SelectField
          name="brokerId"
          label="Broker of record"
          disabled={!brokers.isSuccess}
          hint={
            brokers.isError
              ? failureMessage(brokers.error, 'The list could not be loaded. Check your connection and try again.')
              : 'The broker who acts for this client. Only users with the broker role are listed.'
          }
          options={[{ value: '', label: 'No broker' }, ...brokerChoices.map((broker) => ({ value: broker.id, label: `${broker.name} (${broker.email})` }))]}
        />
      </div>
      <SubmitOrCancel className={styles.panelActions} busy="Saving…" label="Save roles" onCancel={onCancel} />
    </Form>
  );
}
