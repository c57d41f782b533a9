import type { SupportPermissionLevel } from '../../constants';
import { hasPermission, isAdministrator, type RoleHolder } from './permissions';

/**
 * What a caller does with a member's record: read it, change it, or decide on it as staff (money
 * recorded against it, an application's or a claim's stage moved), which an administrator does on
 * anyone's records but their own.
 */
export type RecordAccess = 'read' | 'write' | 'decide';

export interface RecordActor extends RoleHolder {
  id: string;
  isBroker: boolean;
  /** The support session this person is in, if any. */
  support?: { customerId: string; permissionLevel: SupportPermissionLevel } | null;
}

export interface RecordOwner {
  id: string;
  /** The broker of record for this member, if any. */
  brokerId: string | null;
}

/**
 * Object-level rule for a member's records (quotes, drafts, estimates, survey answers):
 * - the member themselves may read and change them;
 * - their broker of record acts for them, so may read and change them;
 * - staff in support mode for that member may read them, and change them only at the 'write' level;
 * - administrators may read anyone's records, but change a member's records only in support mode,
 *   so every change made for a customer is in the audit log;
 * - staff decisions on a record are administrators', on every account but their own.
 */
/** Why a member named in a request (?memberId=) is refused to the caller: to read, or to change or decide. */
export const MEMBER_RECORDS_REFUSAL = {
  read: 'You cannot see records of this member.',
  write: 'You cannot change records of this member.',
} as const;

/** Why an administrator's own record refuses them a decision on it. */
export const OWN_ACCOUNT_DECISION_MESSAGE = 'This is your own account: another administrator must record or decide this for you.';

/** Whether `actor` may make staff decisions on `memberId`'s records (canAccessRecord's 'decide'). */
export const mayDecideFor = (actor: RecordActor | null | undefined, memberId: string) => canAccessRecord(actor, { id: memberId, brokerId: null }, 'decide');

export function canAccessRecord(actor: RecordActor | null | undefined, owner: RecordOwner, access: RecordAccess): boolean {
  if (!actor) return false;
  // An administrator who is also a member does not record their own payments nor decide on their own application or claim.
  if (access === 'decide') return isAdministrator(actor) && actor.id !== owner.id;
  if (actor.id === owner.id) return true;
  if (isBrokerOfRecord(actor, owner)) return true;
  if (actor.support && actor.support.customerId === owner.id && hasPermission(actor, 'customer_support')) {
    return access === 'read' || actor.support.permissionLevel === 'write';
  }
  return access === 'read' && isAdministrator(actor);
}

/** The broker the member's account names (User.brokerId), while that person still holds the broker role. */
export function isBrokerOfRecord(actor: RecordActor, owner: RecordOwner): boolean {
  return actor.isBroker && actor.id !== owner.id && owner.brokerId === actor.id;
}

/** Entering support mode at 'write' needs edit_quotes as well as customer_support (admins hold both). */
export function canUseSupportLevel(user: RoleHolder, level: SupportPermissionLevel): boolean {
  if (!hasPermission(user, 'customer_support')) return false;
  return level === 'read' || hasPermission(user, 'edit_quotes');
}
