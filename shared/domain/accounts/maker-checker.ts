import { PERMISSIONS } from '../../constants';
import { formatDate } from '../../format';
import { isAdministrator } from './permissions';
import { ROLE_NAMES, type RoleName } from '../../contracts/discounts';

/**
 * Maker-checker bound to people, not roles (docs/security.md). An approval counts only
 * when the one approving is a second, independent person: not the one who asked, not the one who
 * would get the discount, and not someone whose administrator role is tied to either of them through
 * a grant of the last MAKER_CHECKER_WINDOW_DAYS days. A grant ties two people when one made the
 * other an administrator, directly or through others each made so in turn, or when one person made
 * both of them administrators: then one person could be acting as both.
 */

/** How long a grant of the administrator role ties the two people together. */
export const MAKER_CHECKER_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** One audited role change (the security log's role_changed): whose, by whom, when, what it granted and took. */
export interface RoleChange {
  userId: string;
  /** Who made it; null when the log does not say (then it ties nobody). */
  changedById: string | null;
  /** ISO instant. */
  at: string;
  granted: RoleName[];
  removed: RoleName[];
}

const roleHolderOf = (value: unknown): { isAdmin: boolean; isBroker: boolean; permissions: string[] } | null => {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const permissions = Array.isArray(record.permissions) ? record.permissions.filter((item): item is string => typeof item === 'string') : [];
  return { isAdmin: record.isAdmin === true, isBroker: record.isBroker === true, permissions };
};

const rolesOf = (holder: { isAdmin: boolean; isBroker: boolean; permissions: string[] }): RoleName[] => [
  ...(isAdministrator(holder) ? (['administrator'] as const) : []),
  ...(holder.isBroker ? (['broker'] as const) : []),
  ...ROLE_NAMES.filter((role) => (PERMISSIONS as readonly string[]).includes(role) && holder.permissions.includes(role)),
];

/**
 * A role_changed entry of the security log as a RoleChange, or null when it is not one. The log holds
 * `{ changedBy, before, after }` (roles of the account before and after, from PUT
 * /api/admin/users/:id/roles) or `{ changedBy, granted: 'referrer' }` (a referrer account).
 */
export function roleChangeFromLog(entry: { userId: string | null; createdAt: Date | string; details: unknown }): RoleChange | null {
  if (!entry.userId || typeof entry.details !== 'object' || entry.details === null) return null;
  const details = entry.details as Record<string, unknown>;
  const changedById = typeof details.changedBy === 'string' ? details.changedBy : null;
  const at = entry.createdAt instanceof Date ? entry.createdAt.toISOString() : entry.createdAt;
  if (details.granted === 'referrer') return { userId: entry.userId, changedById, at, granted: ['referrer'], removed: [] };
  const before = roleHolderOf(details.before);
  const after = roleHolderOf(details.after);
  if (!before || !after) return null;
  const was = rolesOf(before);
  const now = rolesOf(after);
  return { userId: entry.userId, changedById, at, granted: now.filter((role) => !was.includes(role)), removed: was.filter((role) => !now.includes(role)) };
}

const ROLE_WORDS: Record<RoleName, string> = {
  administrator: 'administrator',
  broker: 'broker',
  referrer: 'referrer',
  edit_quotes: 'edit_quotes (change quotes)',
  view_reports: 'view_reports (reports)',
  customer_support: 'customer_support (support mode)',
};

/** A role change in words: 'Morgan Maker made Casey Checker an administrator on 20 Nov 2026; took away broker'. */
export function roleChangeSentence(change: RoleChange, nameOf: (id: string) => string): string {
  const by = change.changedById ? nameOf(change.changedById) : 'Someone not recorded';
  const gave = change.granted.length > 0 ? `gave ${nameOf(change.userId)} ${change.granted.map((role) => ROLE_WORDS[role]).join(', ')}` : '';
  const took = change.removed.length > 0 ? `took ${change.removed.map((role) => ROLE_WORDS[role]).join(', ')} from ${nameOf(change.userId)}` : '';
  const what = [gave, took].filter(Boolean).join(' and ') || `changed the roles of ${nameOf(change.userId)} (nothing granted or taken)`;
  return `${by} ${what} on ${formatDate(change.at)}`;
}

/** The role changes that made someone an administrator, by someone else, within the window before `now` (oldest first). */
export function recentAdministratorGrants(changes: readonly RoleChange[], now: Date, windowDays = MAKER_CHECKER_WINDOW_DAYS): RoleChange[] {
  const since = now.getTime() - windowDays * DAY_MS;
  return changes
    .filter((change) => change.changedById !== null && change.changedById !== change.userId && change.granted.includes('administrator'))
    .filter((change) => {
      const at = Date.parse(change.at);
      return at >= since && at <= now.getTime();
    })
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * Whom a person holds the administrator role through, by recent grants: each source with the chain
 * of grants from it to the person (oldest first). A grant counts in a chain only if it came no later
 * than the grant after it (a right passed on must have been held when it was passed on).
 */
export function administratorSources(personId: string, grants: readonly RoleChange[]): Map<string, RoleChange[]> {
  const sources = new Map<string, RoleChange[]>();
  const latest = new Map<string, number>([[personId, Number.POSITIVE_INFINITY]]);
  const queue: Array<{ id: string; before: number; chain: RoleChange[] }> = [{ id: personId, before: Number.POSITIVE_INFINITY, chain: [] }];
  while (queue.length > 0) {
    const { id, before, chain } = queue.shift()!;
    for (const grant of grants) {
      const at = Date.parse(grant.at);
      const source = grant.changedById;
      if (grant.userId !== id || at > before || source === null || source === personId) continue;
      if (!sources.has(source)) sources.set(source, [grant, ...chain]);
      // A later grant to the source lets more of their own grants count: walk again from there.
      if ((latest.get(source) ?? Number.NEGATIVE_INFINITY) < at) {
        latest.set(source, at);
        queue.push({ id: source, before: at, chain: [grant, ...chain] });
      }
    }
  }
  return sources;
}

export type MakerCheckerRefusalCode = 'self_approval' | 'beneficiary_approval' | 'recent_grant';
export type MakerCheckerDecision = { ok: true } | { ok: false; code: MakerCheckerRefusalCode; message: string };

export interface MakerCheckerCase {
  approverId: string;
  requesterId: string;
  /** The member who would get the discount (whose application it is); null for a discount rule. */
  beneficiaryId: string | null;
  /** The audited role changes of at least the window before `now` (older ones are ignored). */
  roleChanges: readonly RoleChange[];
  now: Date;
  /** Names for the sentence; an unknown id reads 'a former user'. */
  nameOf: (id: string) => string;
  /** What is approved, for the sentence: 'this discount', 'this change to the discount rules'. */
  what: string;
  /** Why the member may not approve it, for the sentence; by default 'no one approves a discount they would get themselves'. */
  beneficiaryRule?: string;
  windowDays?: number;
}

/**
 * May the approver approve? The refusal is a sentence the person can act on: who asked, which grant
 * ties them and when, and whom to ask instead.
 */
export function makerCheckerDecision(input: MakerCheckerCase): MakerCheckerDecision {
  const { approverId, requesterId, beneficiaryId, now, what } = input;
  const windowDays = input.windowDays ?? MAKER_CHECKER_WINDOW_DAYS;
  const name = (id: string) => (id === approverId ? 'you' : input.nameOf(id));
  const refuse = (code: MakerCheckerRefusalCode, message: string): MakerCheckerDecision => ({ ok: false, code, message });
  if (approverId === requesterId) return refuse('self_approval', `You asked for ${what}, so a second administrator must approve it (maker-checker).`);
  if (beneficiaryId !== null && approverId === beneficiaryId) {
    const rule = input.beneficiaryRule ?? 'no one approves a discount they would get themselves';
    return refuse('beneficiary_approval', `${capitalise(what)} is on your own application, so another administrator must approve it: ${rule}.`);
  }

  const grants = recentAdministratorGrants(input.roleChanges, now, windowDays);
  const chainWords = (chain: RoleChange[]) => chain.map((grant) => `${name(grant.changedById ?? '')} made ${name(grant.userId)} an administrator on ${formatDate(grant.at)}`).join(', then ');
  const within = `within the last ${windowDays} days`;
  const approverSources = administratorSources(approverId, grants);
  const parties: Array<{ id: string; role: string; code: MakerCheckerRefusalCode }> = [
    { id: requesterId, role: `who asked for ${what}`, code: 'recent_grant' },
    ...(beneficiaryId !== null && beneficiaryId !== requesterId ? [{ id: beneficiaryId, role: `whose application ${what} is on`, code: 'beneficiary_approval' as const }] : []),
  ];
  for (const party of parties) {
    const who = input.nameOf(party.id);
    const fromParty = approverSources.get(party.id);
    if (fromParty) {
      return refuse(
        party.code,
        `Your administrator role came from ${who}, ${party.role}, ${within} (${chainWords(fromParty)}), so you are not a second person for it. Ask an administrator whose role did not come from ${who} in the last ${windowDays} days.`,
      );
    }
    const partySources = administratorSources(party.id, grants);
    const fromApprover = partySources.get(approverId);
    if (fromApprover) {
      return refuse(
        party.code,
        `${who}, ${party.role}, got the administrator role from you ${within} (${chainWords(fromApprover)}), so you are not a second person for it. Ask an administrator whose role did not come from you in the last ${windowDays} days.`,
      );
    }
    const common = [...approverSources.keys()].find((source) => partySources.has(source));
    if (common !== undefined) {
      const source = input.nameOf(common);
      return refuse(
        party.code,
        `You and ${who}, ${party.role}, both got the administrator role from ${source} ${within} (${chainWords(partySources.get(common)!)}; ${chainWords(approverSources.get(common)!)}), so one person could be acting as both of you. Ask an administrator whose role did not come from ${source} in the last ${windowDays} days.`,
      );
    }
  }
  return { ok: true };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
