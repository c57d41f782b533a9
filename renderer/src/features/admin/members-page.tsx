import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUPPORT_PERMISSION_LEVELS, type SupportPermissionLevel } from '@shared/constants';
import { type MemberSummary, membersResponseSchema } from '@shared/contracts/accounts';
import { SUPPORT_MESSAGES } from '@shared/contracts/support';
import { canEnterSupportMode } from '@shared/domain/accounts/permissions';
import { canUseSupportLevel } from '@shared/domain/accounts/record-access';
import { formatDate } from '@shared/format';
import { ApiRequestError } from '../../lib/api-client';
import { openSupportWindow, useDesktopMemberCache } from '../../lib/desktop';
import { enterSupportMode } from '../../stores/session-store';
import { useSession } from '../../stores/use-session';
import styles from './admin.module.css';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager, SearchForm } from './admin-ui';
import { CachedMembers } from './cached-members';
import { listPath, useAdminData } from './use-admin-data';

const PAGE_SIZE = 20;

const LEVEL_TEXT: Record<SupportPermissionLevel, { label: string; hint: string }> = {
  read: { label: 'Read', hint: 'See their quote and drafts; nothing can be changed.' },
  write: { label: 'Write', hint: 'Change their quote and drafts; every change is written to the audit log. Needs edit_quotes.' },
};

/** /admin/members: find a grower; support staff can open their quote in support mode. */
export default function MembersPage() {
  const { user, supportMode } = useSession();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [choosing, setChoosing] = useState<MemberSummary>();
  const members = useAdminData(listPath('/api/admin/members', { search: query, page, pageSize: PAGE_SIZE }), membersResponseSchema);
  const maySupport = canEnterSupportMode(user);
  // Desktop console only: the local copy, shown while the server answers or cannot be reached.
  const cached = useDesktopMemberCache(query, members.status !== 'ready' || members.isRefreshing);

  const find = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search.trim());
    setPage(1);
  };

  return (
    <section>
      <AdminPageHeader title="Members">Growers with an account, newest first. Search by name, e-mail address or business.</AdminPageHeader>
      <SearchForm id="member-search" label="Name, e-mail or business" value={search} onValueChange={setSearch} onSearch={find} />

      {supportMode.isActive && (
        <p className={styles.notice} role="status">
          You are in support mode for {supportMode.customerName} ({supportMode.permissionLevel === 'write' ? 'write' : 'read only'}). Entering it for another member ends that session.
        </p>
      )}
      {choosing && user && <SupportModeChooser key={choosing.id} member={choosing} staff={user} onClose={() => setChoosing(undefined)} />}
      {cached && <CachedMembers view={cached} query={query} />}

      {members.status === 'loading' && <ListLoading label="Loading members…" />}
      {members.status === 'error' && <ListError message={members.message} onRetry={members.reload} />}
      {members.status === 'ready' && members.data.members.length === 0 && <ListEmpty>{query ? `No member matches “${query}”.` : 'No one has registered yet.'}</ListEmpty>}
      {members.status === 'ready' && members.data.members.length > 0 && (
        <>
          <table className={styles.table} aria-busy={members.isRefreshing}>
            <caption className="visually-hidden">Members, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Business</th>
                <th scope="col">Contact</th>
                <th scope="col">Joined</th>
                {maySupport && (
                  <th scope="col">
                    <span className="visually-hidden">Support</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((member) => (
                <tr key={member.id}>
                  <td data-label="Name">
                    <strong>{member.name}</strong>
                  </td>
                  <td data-label="Business">{member.businessName ?? '—'}</td>
                  <td data-label="Contact">
                    <div>{member.email}</div>
                    {member.phone && <div className={styles.muted}>{member.phone}</div>}
                  </td>
                  <td data-label="Joined">{formatDate(member.createdAt)}</td>
                  {maySupport && (
                    <td data-label="Support">
                      {member.id === user?.id ? (
                        <span className={styles.muted}>Your own account</span>
                      ) : (
                        <button type="button" className="button" aria-label={`Enter support mode for ${member.name}`} onClick={() => setChoosing(member)}>
                          Enter support mode
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pageSize={PAGE_SIZE} total={members.data.total} noun="members" onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** Chooses the support level, enters support mode and opens the member's quote in the wizard. */
function SupportModeChooser({ member, staff, onClose }: { member: MemberSummary; staff: NonNullable<ReturnType<typeof useSession>['user']>; onClose: () => void }) {
  const navigate = useNavigate();
  const [level, setLevel] = useState<SupportPermissionLevel>('read');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const enter = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      await enterSupportMode(member.id, member.name, level);
      // The desktop console opens a session window for the customer; the web opens their quote here.
      if (await openSupportWindow(member.id, member.name)) onClose();
      else navigate(`/quote?${new URLSearchParams({ support: 'true', customerId: member.id })}`);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? `${SUPPORT_MESSAGES.enterFailed}: ${error.message}` : SUPPORT_MESSAGES.enterFailed);
      setBusy(false);
    }
  };

  return (
    <form className={styles.panel} onSubmit={(event) => void enter(event)} aria-labelledby="support-title">
      <h2 id="support-title" ref={heading} tabIndex={-1}>
        Support mode for {member.name}
      </h2>
      <p className={styles.muted}>You act on {member.name}’s quote as yourself; entering and leaving are logged with who, for whom and when.</p>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <fieldset className={styles.checkboxes}>
        <legend>Access level</legend>
        {SUPPORT_PERMISSION_LEVELS.map((option) => {
          const allowed = canUseSupportLevel(staff, option);
          return (
            <label key={option} className={styles.checkbox}>
              <input type="radio" name="support-level" value={option} checked={level === option} disabled={!allowed} onChange={() => setLevel(option)} />
              <span>
                <strong>{LEVEL_TEXT[option].label}</strong> — {LEVEL_TEXT[option].hint}
                {!allowed && ' You do not hold edit_quotes.'}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className={styles.panelActions}>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Opening…' : 'Open their quote in support mode'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
