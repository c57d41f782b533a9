/**
 * Whose records a dashboard page shows. Staff in support mode see the supported member's, on every
 * page until they exit (the support bar says so). A broker works for their clients: ?member=<client
 * id> on any dashboard page shows that client's records (the server checks the broker of record),
 * and the bar at the top switches between clients. Everyone else sees their own.
 *
 * The chosen client is part of the address, so every link inside the member area carries it:
 * links there are `MemberLink` / `MemberNavLink` (lint refuses react-router's own Link and NavLink
 * in the dashboard feature and the member layout), which add ?member= to any /dashboard… address
 * while a client is chosen. A reload keeps it; choosing 'Your own account' takes it away.
 */
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useCallback, useMemo } from 'react';
import { createPath, Link, NavLink, parsePath, useSearchParams } from 'react-router';
import { canEnterSupportMode } from '@shared/domain/accounts/permissions';
import { canAccessRecord, MEMBER_RECORDS_REFUSAL } from '@shared/domain/accounts/record-access';
import type { Reader } from '@shared/domain/reader';
import { supportQuotePath } from '../../stores/session-cache';
import type { ClientUser } from '../../stores/session-store';
import { useSession } from '../../stores/use-session';
import { useClients } from './api/get-clients';
import { overviewQueryOptions } from './api/get-overview';
import type { RecordScope } from '../../api/scope';
import { LoadingState, PageHeader } from './ui';
import styles from './dashboard.module.css';

export function useMemberScope() {
  const { user, status, supportMode } = useSession();
  const [params, setParams] = useSearchParams();
  const supported = supportMode.isActive && canEnterSupportMode(user) ? (supportMode.customerId ?? undefined) : undefined;
  const requested = supported ?? params.get('member') ?? undefined;
  const memberId = requested && requested !== user?.id ? requested : undefined;
  const isBroker = Boolean(user?.isBroker);
  const setMember = useCallback(
    (id: string | undefined) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id) next.set('member', id);
          else next.delete('member');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  /** A link to another page for the same member: a /dashboard… address keeps the chosen client (staff in support mode need none). */
  const linkTo = useCallback((path: string) => (memberId && !supported ? keepMember(path, memberId) : path), [memberId, supported]);
  const viewerId = user?.id ?? '';
  /** The scope every dashboard query key carries (api/scope.ts). */
  const scope = useMemo<RecordScope>(() => ({ viewerId, memberId }), [viewerId, memberId]);
  /** Where "Get a new quote" leads: in support mode, the member's quote in the wizard; for a broker's chosen client, the wizard in the client's name. */
  const quotePath = supported ? supportQuotePath(supported) : memberId && isBroker ? `/quote?${new URLSearchParams({ customerId: memberId })}` : '/quote';
  /**
   * Whether the viewer may change these records, by the server's own rule: false in a read-level
   * support session and for staff looking at a member outside support mode, whose pages show the
   * records without the controls that would change them. A broker's chosen client is theirs (the
   * server lists only their clients).
   */
  const canChange =
    !!user &&
    canAccessRecord(
      { ...user, support: supported ? { customerId: supported, permissionLevel: supportMode.permissionLevel } : null },
      { id: memberId ?? user.id, brokerId: isBroker && memberId && !supported ? user.id : null },
      'write',
    );
  /** Who reads the page, for sentences about the member's own figures: the member, their broker (a client's), or staff. */
  const reader: Reader = !memberId ? 'member' : isBroker && !supported ? 'client' : 'staff';
  return { user, sessionStatus: status, memberId, isBroker, isSupport: supported !== undefined, canChange, reader, setMember, linkTo, quotePath, scope };
}

/**
 * `to` with ?member=<memberId> added when it is a page of the member area (/dashboard…) that does
 * not name its member already; any other address (the wizard, the admin area) is left as it is.
 */
export function keepMember(to: string, memberId: string): string {
  const { pathname = '', search = '', hash = '' } = parsePath(to);
  if (pathname !== '/dashboard' && !pathname.startsWith('/dashboard/')) return to;
  const params = new URLSearchParams(search);
  if (params.has('member')) return to;
  params.set('member', memberId);
  return createPath({ pathname, search: `?${params}`, hash });
}

/** react-router's Link inside the member area: keeps a broker's chosen client in the address. */
export function MemberLink({ to, ...props }: Omit<ComponentProps<typeof Link>, 'to'> & { to: string }) {
  const { linkTo } = useMemberScope();
  return <Link {...props} to={linkTo(to)} />;
}

/** react-router's NavLink (the menus) inside the member area: keeps a broker's chosen client; marks the page by its path alone. */
export function MemberNavLink({ to, ...props }: Omit<ComponentProps<typeof NavLink>, 'to'> & { to: string }) {
  const { linkTo } = useMemberScope();
  return <NavLink {...props} to={linkTo(to)} />;
}

/** For brokers: which client's records the page shows. */
export function ClientScopeBar() {
  const { isBroker, memberId, setMember, scope } = useMemberScope();
  const clients = useClients(scope.viewerId, isBroker);
  if (!isBroker) return null;
  const list = clients.data?.clients ?? [];
  return (
    <div className={styles.scopeBar}>
      <label htmlFor="client-scope">Showing records of</label>
      <select id="client-scope" value={memberId ?? ''} onChange={(event) => setMember(event.target.value || undefined)} disabled={!clients.isSuccess}>
        <option value="">Your own account</option>
        {list.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name}
            {client.businessName ? ` (${client.businessName})` : ''}
          </option>
        ))}
      </select>
      {clients.isError && <span className={styles.scopeError}>Your clients could not be loaded.</span>}
    </div>
  );
}

/**
 * For staff reading a member's records outside support mode (/dashboard?member=, typed or followed):
 * whose records the pages show, and that changing them takes support mode, entered from Members.
 * The pages show them without the controls that would change them (canChange). A broker has
 * ClientScopeBar instead; support mode has its own bar; staff who may not read them outside
 * support mode meet MemberRecordsGate's page instead.
 */
export function StaffReadingBar() {
  const { user, memberId, isBroker, isSupport, scope } = useMemberScope();
  const reading = memberId !== undefined && !isBroker && !isSupport && canEnterSupportMode(user) && mayRead(user, memberId, null);
  const overview = useQuery({ ...overviewQueryOptions(scope), enabled: reading });
  if (!reading) return null;
  return (
    <div className={styles.scopeBar} role="note" aria-label="Whose records">
      <strong>Reading the records of {overview.data?.member.name ?? 'a member'}.</strong>
      <span>
        Nothing here can be changed outside support mode: <Link to="/admin/members">enter it from Members</Link>.
      </span>
    </div>
  );
}

/**
 * Settings are always the signed-in person's own account, whoever's records the other pages show:
 * with a member chosen (a broker's client, support mode, staff reading), the page says so and names
 * them, so nobody changes their own phone or password believing it the member's.
 */
export function OwnSettingsNote() {
  const { memberId, scope } = useMemberScope();
  const overview = useQuery({ ...overviewQueryOptions(scope), enabled: memberId !== undefined });
  if (memberId === undefined) return null;
  return (
    <p className={`${styles.notice} ${styles.noticeWarning}`} role="note" aria-label="Whose settings">
      These settings are your own, not {overview.data ? `${overview.data.member.name}’s` : 'the member’s'}: the details, password, e-mails and sign-ins below are your account’s.
    </p>
  );
}

/** Whether `user` may read `memberId`'s records outside support mode (the server's rule); `brokerId` is the member's broker of record when known. */
const mayRead = (user: ClientUser | null, memberId: string, brokerId: string | null) => !!user && canAccessRecord({ ...user, support: null }, { id: memberId, brokerId }, 'read');

/**
 * The member area's page for the member ?member= names, or, when the viewer may not read that
 * member's records by the server's own rule, one page that says so and where to go, instead of
 * every panel refused by the server. A broker's client is one of the clients the server lists for
 * them; support mode names its member itself, so it needs no gate.
 */
export function MemberRecordsGate({ children }: { children: ReactNode }) {
  const { user, memberId, isBroker, isSupport, scope } = useMemberScope();
  const gated = memberId !== undefined && !isSupport;
  const clients = useClients(scope.viewerId, gated && isBroker);
  if (!user || !gated) return children;
  if (isBroker && clients.isPending) return <LoadingState label="Loading your clients" />;
  const isClient = clients.data?.clients.some((client) => client.id === memberId) ?? false;
  // A broker whose list could not load is not told the member is not theirs: the pages say what failed.
  if (mayRead(user, memberId, isClient ? user.id : null) || (isBroker && clients.isError)) return children;
  if (isBroker) {
    return (
      <ClosedRecords
        title="Not one of your clients"
        sentence="This member has not named you as their broker, so their records are not shown here. Your Clients lists the members who have."
        to="/dashboard/paddocks"
        action="Your Clients"
      />
    );
  }
  if (canEnterSupportMode(user)) {
    return <ClosedRecords title="Support mode needed" sentence="You can see a member's records in support mode only. Enter it for this member from Members." to="/admin/members" action="Go to Members" />;
  }
  return <ClosedRecords title="Not your records" sentence={MEMBER_RECORDS_REFUSAL.read} to="/dashboard" action="Go to your dashboard" />;
}

function ClosedRecords({ title, sentence, to, action }: { title: string; sentence: string; to: string; action: string }) {
  return (
    <>
      <PageHeader title={title} intro={sentence} />
      <p className={styles.closedAction}>
        <Link className="button button-primary" to={to}>
          {action}
        </Link>
      </p>
    </>
  );
}
