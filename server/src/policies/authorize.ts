/**
 * The one authorization decision of the server: authorize(actor, action, subject) passes, or throws
 * the AppError the caller gets (401 for a visitor, 403 for someone who may not, 404 where a record
 * is hidden so its id reveals nothing). The rules themselves are the pure functions of
 * shared/domain (record-access.ts, draft-access.ts, permissions.ts), which the renderer uses too;
 * this module only maps their answers onto statuses and sentences. docs/authorization.md.
 */
import type { Permission, SupportPermissionLevel } from '@shared/constants';
import { SUPPORT_MESSAGES } from '@shared/contracts/support';
import { canEnterSupportMode, canSupportCustomer, hasAllPermissions, hasAnyPermission, isAdministrator, type RoleHolder } from '@shared/domain/accounts/permissions';
import { canAccessRecord, canUseSupportLevel, MEMBER_RECORDS_REFUSAL, OWN_ACCOUNT_DECISION_MESSAGE, type RecordAccess, type RecordActor, type RecordOwner } from '@shared/domain/accounts/record-access';
import { draftAccess, type QuoteActor, quoteActor } from '@shared/domain/quote/draft-access';
import { AppError, forbidden, notFound, unauthorized } from '../lib/app-error';

export const LOOK_ONLY_MESSAGE = 'You can look at this record but not change it.';
export const READ_ONLY_SUPPORT_MESSAGE = 'Support mode at read level cannot change this customer’s quote.';
export const SUPPORT_READ_ONLY_MESSAGE = 'Support mode is read-only. Re-enter support mode with write access to make changes.';
export const OTHER_MEMBER_QUOTES_MESSAGE = 'You cannot see or save quotes of another member.';

/** What a request wants to reach. */
export type Subject =
  /** A record that exists and belongs to `owner` (a claim, an invoice, a file): hidden (404) from those who may not read it. */
  | { type: 'record'; owner: RecordOwner; notFoundMessage: string }
  /** The member a list or a new record is for (?memberId=): nothing to hide, so 403. */
  | { type: 'member'; owner: RecordOwner }
  /** A member's quote in progress (draft, saved estimate, pricing for them, submission): the narrower quote rule. */
  | { type: 'quote'; owner: RecordOwner; notFoundMessage?: string }
  /** A part of the product behind a role (the guards of middleware/auth.ts). */
  | { type: 'role'; role: 'signedIn' | 'administrator' | 'broker' | 'referrer' }
  | { type: 'permissions'; anyOf: readonly Permission[] }
  | { type: 'permissions'; allOf: readonly Permission[] }
  /**
   * Support mode (docs/behaviour.md §6): staff who may enter it; with `level`, at that level; with `customer`, for
   * that person. Refused in docs/behaviour.md §7's words ('Admin user not authenticated') when not staff.
   */
  | { type: 'support'; level?: SupportPermissionLevel; customer?: RoleHolder & { id: string } };

export type Action = RecordAccess | 'use';

/**
 * Why the caller's support session, on this request, holds less than it was entered at: it ended
 * (its holder lost a permission it used, the customer became staff or is gone) or it may only look
 * while the customer's account is locked (middleware/auth.ts). A refusal of that
 * customer's records names it, so the staff member knows what happened and what to do.
 */
export interface SupportLimit {
  customerId: string;
  supportSessionId: string;
  code: 'support_session_ended' | 'support_customer_locked';
  message: string;
}

/** The caller as the rules see them; a referrer partner carries their (active) referrer record. */
export type Actor = RecordActor & { referrer?: object | null; supportLimit?: SupportLimit | null };

/** How the actor reached the subject: as its owner, their broker of record, staff in support mode, or staff by role. */
export type ReachedAs = QuoteActor | 'staff';

export function authorize(actor: Actor | null | undefined, action: Action, subject: Subject): ReachedAs {
  if (!actor) throw subject.type === 'support' ? new AppError(401, 'unauthorized', SUPPORT_MESSAGES.notAuthenticated) : unauthorized();
  const limit = actor.supportLimit;
  if (!limit || !('owner' in subject) || subject.owner.id !== limit.customerId) return decide(actor, action, subject);
  // The customer of a support session that ended or may only look on this request: a refusal says why.
  try {
    return decide(actor, action, subject);
  } catch (error) {
    if (error instanceof AppError && (error.status === 403 || error.status === 404)) throw forbidden(limit.message, limit.code);
    throw error;
  }
}

function decide(actor: Actor, action: Action, subject: Subject): ReachedAs {
  switch (subject.type) {
    case 'support':
      if (!canEnterSupportMode(actor)) throw new AppError(403, 'forbidden', SUPPORT_MESSAGES.notAuthenticated);
      if (subject.level && !canUseSupportLevel(actor, subject.level)) throw forbidden('Support mode with write access needs the edit_quotes permission as well as customer_support.');
      if (subject.customer && !canSupportCustomer(actor, subject.customer)) throw forbidden('Support staff can act for customers only; an administrator can help with a staff account.');
      return 'staff';
    case 'role':
      authorizeRole(actor, subject.role);
      return 'staff';
    case 'permissions':
      if ('anyOf' in subject && !hasAnyPermission(actor, subject.anyOf)) throw forbidden(`You need the ${subject.anyOf.join(' or ')} permission to do that.`);
      if ('allOf' in subject && !hasAllPermissions(actor, subject.allOf)) throw forbidden(`You need the ${subject.allOf.join(' and ')} permissions to do that.`);
      return 'staff';
    case 'record': {
      const access = recordAccessOf(action);
      if (!canAccessRecord(actor, subject.owner, 'read')) throw notFound(subject.notFoundMessage);
      refuseReadOnlySupport(actor, subject.owner, access);
      if (!canAccessRecord(actor, subject.owner, access)) {
        throw access === 'decide' && actor.id === subject.owner.id ? forbidden(OWN_ACCOUNT_DECISION_MESSAGE, 'own_account') : forbidden(LOOK_ONLY_MESSAGE);
      }
      return quoteActor(actor, subject.owner) ?? 'staff';
    }
    case 'member': {
      const access = recordAccessOf(action);
      refuseReadOnlySupport(actor, subject.owner, access);
      if (!canAccessRecord(actor, subject.owner, access)) throw forbidden(MEMBER_RECORDS_REFUSAL[access === 'read' ? 'read' : 'write']);
      return quoteActor(actor, subject.owner) ?? 'staff';
    }
    case 'quote': {
      const access = recordAccessOf(action);
      if (access === 'decide') throw new Error('A quote is read or written; staff decide on the application it becomes.');
      const decision = draftAccess(actor, subject.owner, access);
      if (decision === 'hidden') throw subject.notFoundMessage === undefined ? forbidden(OTHER_MEMBER_QUOTES_MESSAGE) : notFound(subject.notFoundMessage);
      if (decision === 'read-only') throw forbidden(READ_ONLY_SUPPORT_MESSAGE, SUPPORT_READ_ONLY_CODE);
      return quoteActor(actor, subject.owner) ?? 'staff';
    }
  }
}

const SUPPORT_READ_ONLY_CODE = 'support_read_only';

/** Staff in a read-level support session reach the member's records to look only; they are told how to change them. */
function refuseReadOnlySupport(actor: Actor, owner: RecordOwner, access: RecordAccess): void {
  if (access === 'write' && quoteActor(actor, owner) === 'support' && actor.support?.permissionLevel === 'read') throw forbidden(SUPPORT_READ_ONLY_MESSAGE, SUPPORT_READ_ONLY_CODE);
}

function recordAccessOf(action: Action): RecordAccess {
  if (action === 'use') throw new Error('A member’s records are read or written, not used.');
  return action;
}

function authorizeRole(actor: Actor, role: Extract<Subject, { type: 'role' }>['role']): void {
  switch (role) {
    case 'signedIn':
      return;
    case 'administrator':
      if (!isAdministrator(actor)) throw forbidden('Only administrators can do that.');
      return;
    case 'broker':
      if (!actor.isBroker) throw forbidden('Only brokers have clients.');
      return;
    case 'referrer':
      if (!actor.referrer) throw forbidden('Only referrer accounts can see referrals.');
      return;
  }
}
