/**
 * What staff do to an account from the person page: lock it (no sign-in, every session refused:
 * middleware/auth.ts and accounts/sign-in.service.ts read User.lockedAt), unlock it, and send a
 * password reset link. Each is written to the security log and the audit log with the change.
 */
import type { Request } from 'express';
import { displayName } from '@shared/domain/accounts/display-name';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import type { AuthUser } from '../../middleware/auth';
import { PASSWORD_RESET_VALID_MS, queueResetLinkEmail } from '../accounts/password-reset.service';
import { recordSecurityEvent } from '../accounts/security-log';

/** Audit actions of the people pages (docs/people.md). */
export const PEOPLE_AUDIT_ACTIONS = {
  search: 'people.search',
  view: 'people.view',
  timeline: 'people.timeline_view',
  lock: 'people.account_locked',
  unlock: 'people.account_unlocked',
  passwordReset: 'people.password_reset_sent',
} as const;

type Db = AppContext['db'];

async function target(db: Db, userId: string) {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw notFound('There is no account with that id. It may have been deleted; search again on /admin/user-lookup.');
  return user;
}

export async function lockAccount(db: Db, req: Request, actor: AuthUser, userId: string, reason: string): Promise<string> {
  const user = await target(db, userId);
  if (user.id === actor.id) throw badRequest('You cannot lock your own account; ask another administrator.', 'own_account');
  if (user.lockedAt) throw conflict(`${displayName(user)}’s account is already locked.`, 'already_locked');
  await db.$transaction(async (tx) => {
    // Only the first of two locks at the same moment changes the account and is logged.
    const changed = await tx.user.updateMany({ where: { id: user.id, lockedAt: null }, data: { lockedAt: new Date() } });
    if (changed.count === 0) throw conflict(`${displayName(user)}’s account is already locked.`, 'already_locked');
    await recordSecurityEvent(tx, req, 'account_locked_by_staff', { userId: user.id, email: user.email, details: { changedBy: actor.id, reason } });
    await auditEntry(tx, { actorId: actor.id, customerId: user.id, action: PEOPLE_AUDIT_ACTIONS.lock, details: { reason, before: { locked: false }, after: { locked: true } } });
  });
  return `${displayName(user)}’s account is locked: they cannot sign in, and their open sessions have ended.`;
}

export async function unlockAccount(db: Db, req: Request, actor: AuthUser, userId: string): Promise<string> {
  const user = await target(db, userId);
  if (!user.lockedAt) throw conflict(`${displayName(user)}’s account is not locked.`, 'not_locked');
  await db.$transaction(async (tx) => {
    const changed = await tx.user.updateMany({ where: { id: user.id, lockedAt: { not: null } }, data: { lockedAt: null } });
    if (changed.count === 0) throw conflict(`${displayName(user)}’s account is not locked.`, 'not_locked');
    await recordSecurityEvent(tx, req, 'account_unlocked_by_staff', { userId: user.id, email: user.email, details: { changedBy: actor.id } });
    await auditEntry(tx, { actorId: actor.id, customerId: user.id, action: PEOPLE_AUDIT_ACTIONS.unlock, details: { before: { locked: true }, after: { locked: false } } });
  });
  return `${displayName(user)}’s account is unlocked: they can sign in again.`;
}

/**
 * The member's own reset e-mail (accounts/password-reset.router.ts), sent at a staff member's request:
 * the link, its e-mail and the logs of who asked are written together, once the relay has answered
 * (so staff learn at once that it is down), and the e-mail goes through the mail queue.
 */
export async function sendPasswordReset({ db, mailer, site }: Pick<AppContext, 'db' | 'mailer' | 'site'>, req: Request, actor: AuthUser, userId: string): Promise<string> {
  const user = await target(db, userId);
  if (user.lockedAt) throw badRequest(`${displayName(user)}’s account is locked; unlock it before sending a password reset.`, 'account_locked');
  await mailer.checkRelay('We could not send the reset e-mail just now; try again in a minute.');
  const emailId = await db.$transaction(async (tx) => {
    await recordSecurityEvent(tx, req, 'password_reset_requested', { userId: user.id, email: user.email, details: { accountExists: true, sentByStaff: actor.id } });
    await auditEntry(tx, { actorId: actor.id, customerId: user.id, action: PEOPLE_AUDIT_ACTIONS.passwordReset, details: { to: user.email } });
    return queueResetLinkEmail(tx, { mailer, site }, user);
  });
  await mailer.dispatch(emailId);
  return `A password reset link has gone to ${user.email}. It works once, within ${PASSWORD_RESET_VALID_MS / 60_000} minutes.`;
}
