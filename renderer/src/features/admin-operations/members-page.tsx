import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SUPPORT_PERMISSION_LEVELS, type SupportPermissionLevel } from '@shared/constants';
import { type MemberSummary, membersQuerySchema } from '@shared/contracts/accounts';
import { SUPPORT_MESSAGES, supportEnterRequestSchema } from '@shared/contracts/support';
import { canEnterSupportMode, PERMISSION_NAMES } from '@shared/domain/accounts/permissions';
import { canUseSupportLevel } from '@shared/domain/accounts/record-access';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager, SearchForm } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { ApiRequestError } from '../../lib/api-client';
import { useDesktopMemberCache } from '../../lib/desktop';
import { useOpenSupportSession } from '../../stores/support-session';
import { useSession } from '../../stores/use-session';
import { MEMBERS_PAGE_SIZE, useMembers } from '../../api/get-members';
import { CachedMembers } from './cached-members';
import { MemberCells } from './member-cells';

const memberSearchSchema = membersQuerySchema.pick({ search: true });
const supportLevelSchema = supportEnterRequestSchema.pick({ permissionLevel: true });

const LEVEL_TEXT: Record<SupportPermissionLevel, { label: string; hint: string }> = {
  read: { label: 'Read', hint: 'See their dashboard, applications, claims and quote; nothing can be changed.' },
  write: { label: 'Write', hint: `Also change their quote, claims and settings for them; every change is written to the audit log. Needs the ${PERMISSION_NAMES.edit_quotes.toLowerCase()} permission.` },
};

/** /admin/members: find a grower; support staff can open their dashboard in support mode. */
export default function MembersPage() {
  const { user, supportMode } = useSession();
  // ?search= opens the list on one person (the support requests page links here with their e-mail address).
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('search') ?? '');
  const [page, setPage] = useState(1);
  const [choosing, setChoosing] = useState<MemberSummary>();
  const members = useMembers({ search: query, page });
  const maySupport = canEnterSupportMode(user);
  // Desktop console only: the local copy, shown while the server answers or cannot be reached.
  const cached = useDesktopMemberCache(query, !members.isSuccess || members.isFetching);

  return (
    <section>
      <AdminPageHeader title="Members">Growers with an account, newest first. Search by name, e-mail address or business.</AdminPageHeader>
      <SearchForm
        label="Name, e-mail or business"
        schema={memberSearchSchema}
        search={query}
        onSearch={(search) => {
          setQuery(search);
          setPage(1);
        }}
      />

      {supportMode.isActive && (
        <p className={styles.notice} role="status">
          You are in support mode for {supportMode.customerName} ({supportMode.permissionLevel === 'write' ? 'write' : 'read only'}). Entering it for another member ends that session.
        </p>
      )}
      {choosing && user && <SupportModeChooser key={choosing.id} member={choosing} staff={user} onClose={() => setChoosing(undefined)} />}
      {cached && <CachedMembers view={cached} query={query} />}

      {members.isPending && <ListLoading label="Loading members…" />}
      {members.isError && <ListError query={members} fallback="The list could not be loaded. Check your connection and try again." />}
      {members.isSuccess && members.data.members.length === 0 && <ListEmpty>{query ? `No member matches “${query}”.` : 'No one has registered yet.'}</ListEmpty>}
      {members.isSuccess && members.data.members.length > 0 && (
        <>
          <table className={styles.table} aria-busy={members.isFetching}>
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
                  <MemberCells member={member} />
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
          <Pager page={page} pageSize={MEMBERS_PAGE_SIZE} total={members.data.total} noun="member" onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** Chooses the support level, enters support mode and opens the member's dashboard. */
function SupportModeChooser({ member, staff, onClose }: { member: MemberSummary; staff: NonNullable<ReturnType<typeof useSession>['user']>; onClose: () => void }) {
  const openSupportSession = useOpenSupportSession();
  const form = useZodForm(supportLevelSchema, { permissionLevel: 'read' });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const enter = async ({ permissionLevel }: { permissionLevel: SupportPermissionLevel }) => {
    try {
      await openSupportSession(member, permissionLevel);
    } catch (error) {
      // The refusal is said after what failed, as one sentence in the form's alert.
      throw error instanceof ApiRequestError ? new ApiRequestError(error.status, error.code, `${SUPPORT_MESSAGES.enterFailed}: ${error.message}`) : error;
    }
    onClose();
  };

  return (
    <Form form={form} className={styles.panel} onSubmit={enter} failureMessage={SUPPORT_MESSAGES.enterFailed} aria-labelledby="support-title">
      <h2 id="support-title" ref={heading} tabIndex={-1}>
        Support mode for {member.name}
      </h2>
      <p className={styles.muted}>You see {member.name}’s dashboard, applications and quote as yourself; entering and leaving are logged with who, for whom and when.</p>
      <FormError />
      <fieldset className={styles.checkboxes}>
        <legend>Access level</legend>
        {SUPPORT_PERMISSION_LEVELS.map((option) => {
          const allowed = canUseSupportLevel(staff, option);
          return (
            <label key={option} className={styles.checkbox}>
              <input type="radio" value={option} disabled={!allowed} {...form.register('permissionLevel')} />
              <span>
                <strong>{LEVEL_TEXT[option].label}</strong> — {LEVEL_TEXT[option].hint}
                {!allowed && ` You do not hold the ${PERMISSION_NAMES.edit_quotes.toLowerCase()} permission; an administrator can grant it under User Management.`}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className={styles.panelActions}>
        <SubmitButton label="Open their dashboard in support mode" busy="Opening…" />
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
