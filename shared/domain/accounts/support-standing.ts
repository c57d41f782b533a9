/**
 * What a support session may do now. A session is entered at a level (docs/behaviour.md §6:
 * 'read', or 'write' with edit_quotes as well as customer_support), but it holds only what its
 * holder may do at this moment: the server asks this rule on every request made in the session,
 * with the staff member's permissions and the customer's account as they are now, and ends the
 * session, or holds it to looking, when the answer is less than the level chosen at entry.
 */
import type { SupportPermissionLevel } from '../../constants';
import { canEnterSupportMode, canSupportCustomer, type RoleHolder } from './permissions';
import { canUseSupportLevel } from './record-access';

/** Why a support session ended without its holder leaving it. */
export type SupportSessionEndReason =
  /** The staff member no longer holds customer_support. */
  | 'customer_support_removed'
  /** A write-level session whose holder no longer holds edit_quotes: the permission it used. */
  | 'edit_quotes_removed'
  /** The customer's account is gone. */
  | 'customer_deleted'
  /** The customer now holds a staff role that the staff member may not act for (canSupportCustomer). */
  | 'customer_is_staff'
  /** The session was closed elsewhere (by an administrator's change) and is not reopened by a later one. */
  | 'session_closed';

/** Why a session may look but not change, for now. */
export type SupportSessionLimitReason = 'customer_locked';

export type SupportStanding =
  /** The session holds the level it was entered at. */
  | { status: 'active'; level: SupportPermissionLevel }
  /** A write-level session that may only look while the reason lasts; it comes back to write when it passes. */
  | { status: 'limited'; level: 'read'; reason: SupportSessionLimitReason }
  | { status: 'ended'; reason: SupportSessionEndReason };

export interface SupportStaff extends RoleHolder {
  id: string;
}

export interface SupportCustomer extends RoleHolder {
  id: string;
  /** Staff locked the account (User.lockedAt): nothing is changed in its name until it is unlocked. */
  locked: boolean;
}

/**
 * The standing of a session entered at `chosenLevel`, given the staff member as they are now and the
 * customer's account now (null when it no longer exists). A permission the session never used
 * (edit_quotes at read level) ends nothing.
 */
export function supportSessionStanding(staff: SupportStaff, customer: SupportCustomer | null, chosenLevel: SupportPermissionLevel): SupportStanding {
  if (!canEnterSupportMode(staff)) return { status: 'ended', reason: 'customer_support_removed' };
  if (!customer) return { status: 'ended', reason: 'customer_deleted' };
  if (!canSupportCustomer(staff, customer)) return { status: 'ended', reason: 'customer_is_staff' };
  if (chosenLevel === 'write' && !canUseSupportLevel(staff, 'write')) return { status: 'ended', reason: 'edit_quotes_removed' };
  if (chosenLevel === 'write' && customer.locked) return { status: 'limited', level: 'read', reason: 'customer_locked' };
  return { status: 'active', level: chosenLevel };
}

/** What ended the session, as the staff member reads it when their next change for the customer is refused. */
export function supportSessionEndedMessage(reason: SupportSessionEndReason, customerName: string): string {
  const ended = `Your support session for ${customerName} has ended`;
  switch (reason) {
    case 'customer_support_removed':
      return `${ended}: you no longer hold the customer_support permission. Ask an administrator if you still need to help customers.`;
    case 'edit_quotes_removed':
      return `${ended}: you no longer hold the edit_quotes permission that write access needs. Enter support mode again at read level, or ask an administrator for edit_quotes.`;
    case 'customer_deleted':
      return `${ended}: their account no longer exists.`;
    case 'customer_is_staff':
      return `${ended}: their account now holds a staff role, and support staff act for customers only. An administrator can help with a staff account.`;
    case 'session_closed':
      return `${ended}: it was closed after a change to your permissions. Enter support mode again if you still need it.`;
  }
}

/** Why a session may only look, for now. */
export function supportSessionLimitMessage(reason: SupportSessionLimitReason, customerName: string): string {
  switch (reason) {
    case 'customer_locked':
      return `${customerName}’s account is locked, so support mode can look at it but not change it. Unlock the account on their person page first if the change is needed.`;
  }
}
