/**
 * Accounts as their owner and the administrators change them: the search of the users list, and
 * the commands that change an account, each with its security event in one transaction.
 */
import type { Request } from 'express';
import type { CreateReferrerRequest, RoleChangeRequest, UpdateProfileRequest } from '@shared/contracts/accounts';
import { isAdministrator, normalisePermissions } from '@shared/domain/accounts/permissions';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import type { DatabaseProvider } from '../../db/provider';
import { anyCaseContains, fullNameMatches } from '../../db/text-search';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { MailMessage } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { endSupportSessionsNoLongerAllowed } from '../support/support-sessions';
import { checkVerificationCode } from './email-verification.service';
import { referrerWelcomeEmail } from './mail-templates';
import { FIRST_PASSWORD_LINK_VALID_MS, issuePasswordResetLink } from './password-reset.service';
import { alreadyRegistered, assertPasswordAllowed } from './registration.service';
import { recordSecurityEvent } from './security-log';

/**
 * Users whose e-mail, first or last name or business holds the text, in any case; "Casey Customer"
 * also matches first and last name together.
 */
export function userSearch(provider: DatabaseProvider) {
  const containing = anyCaseContains(provider);
  return (text: string | undefined) => {
    if (!text) return {};
    return { OR: [{ email: containing(text) }, { firstName: containing(text) }, { lastName: containing(text) }, { businessName: containing(text) }, ...fullNameMatches(containing, text)] };
  };
}

/**
 * The most users one search may name. Their ids go to the next query as one list, and a statement
 * binds at most 32,766 values on either database; a search matching more is too broad to read.
 */
export const SEARCH_MATCH_LIMIT = 20_000;

/**
 * The ids of every user the text matches (userSearch), for a list of records filtered by whose they
 * are: every one of them, or 400 when there are more than SEARCH_MATCH_LIMIT.
 */
export async function idsOfUsersMatching(db: Database, provider: DatabaseProvider, text: string): Promise<string[]> {
  const users = await db.user.findMany({ where: userSearch(provider)(text), select: { id: true }, take: SEARCH_MATCH_LIMIT + 1 });
  if (users.length > SEARCH_MATCH_LIMIT) {
    throw badRequest(`'${text}' matches more than ${SEARCH_MATCH_LIMIT.toLocaleString('en-AU')} people: type more of the member's name, e-mail address or business.`, 'search_too_broad');
  }
  return users.map((user) => user.id);
}

/**
 * The member's profile saved, with the address change waiting (`pendingEmail`, null to drop one) and
 * the notice to the old address that it waits written together; the notice is handed to the mail
 * queue once they are kept.
 */
export async function saveProfile(
  { db, mailer }: Pick<AppContext, 'db' | 'mailer'>,
  userId: string,
  { profile, pendingEmail, noticeToOldAddress }: { profile: Omit<UpdateProfileRequest, 'email' | 'currentPassword'>; pendingEmail?: string | null | undefined; noticeToOldAddress?: MailMessage | undefined },
): Promise<void> {
  const noticeId = await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: {
        ...profile,
        ...(profile.phone !== undefined ? { phone: profile.phone || null } : {}),
        ...(profile.abn !== undefined ? { abn: profile.abn || null } : {}),
        ...(pendingEmail !== undefined ? { pendingEmail } : {}),
      },
    });
    return noticeToOldAddress ? mailer.send(noticeToOldAddress, { writer: tx }) : null;
  });
  if (noticeId) await mailer.dispatch(noticeId);
}

/** The address change waiting for the member, confirmed with the code sent to it: the account moves to it, logged together. */
export async function confirmEmailChange(context: Pick<AppContext, 'db' | 'sessions'>, req: Request, user: { id: string; email: string }, code: string): Promise<void> {
  const { db } = context;
  const record = await db.user.findUnique({ where: { id: user.id }, select: { pendingEmail: true } });
  if (!record?.pendingEmail) throw badRequest('There is no e-mail change waiting to be confirmed.', 'no_pending_email');
  const verification = await checkVerificationCode(context, record.pendingEmail, code);
  if (await db.user.findUnique({ where: { email: record.pendingEmail }, select: { id: true } })) throw alreadyRegistered(record.pendingEmail);
  const newEmail = record.pendingEmail;
  // The code is spent with the change: a change that fails can be confirmed again with it.
  await db.$transaction(async (tx) => {
    await verification.spend(tx);
    await tx.user.update({ where: { id: user.id }, data: { email: newEmail, pendingEmail: null, emailVerifiedAt: new Date() } });
    await recordSecurityEvent(tx, req, 'email_changed', { userId: user.id, email: newEmail, details: { previousEmail: user.email } });
  });
}

/**
 * The member's new password (the current one checked by the caller), logged together: every other
 * session of the account ends, and with them any e-mail change they asked for.
 */
export async function changePassword(db: Database, req: Request, user: { id: string; email: string }, newPassword: string): Promise<void> {
  assertPasswordAllowed(newPassword, 'newPassword');
  const changedAt = new Date();
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, sessionsValidFrom: changedAt, pendingEmail: null } });
    await recordSecurityEvent(tx, req, 'password_changed', { userId: user.id, email: user.email });
  });
}

/**
 * An administrator's change of a user's roles, permissions or broker of record, logged with what
 * it was before; the support sessions it no longer allows end in the same transaction.
 */
export async function changeRoles(db: Database, req: Request, actor: { id: string }, userId: string, change: RoleChangeRequest): Promise<void> {
  const target = await db.user.findUnique({ where: { id: userId } });
  if (!target) throw notFound('That user does not exist.');
  const after = { isAdmin: change.isAdmin ?? target.isAdmin, permissions: change.permissions ?? normalisePermissions(target.permissions) };
  if (target.id === actor.id && !isAdministrator(after)) {
    throw badRequest('You cannot take away your own administrator role; ask another administrator.', 'own_admin_role');
  }
  if (change.brokerId) {
    const broker = await db.user.findUnique({ where: { id: change.brokerId }, select: { isBroker: true } });
    if (!broker?.isBroker) throw badRequest('The broker of record must be a user with the broker role.', 'not_a_broker');
    if (change.brokerId === target.id) throw badRequest('A user cannot be their own broker.', 'own_broker');
  }
  const before = { isAdmin: target.isAdmin, isBroker: target.isBroker, permissions: normalisePermissions(target.permissions), brokerId: target.brokerId };
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: target.id }, data: change });
    await recordSecurityEvent(tx, req, 'role_changed', { userId: target.id, email: target.email, details: { changedBy: actor.id, before, after: { ...before, ...change } } });
    // A permission taken away ends, now, the support sessions that used it.
    await endSupportSessionsNoLongerAllowed(tx, req, target.id, actor.id);
  });
}

/**
 * A referrer partner's account (or an existing account made a referrer), its referrer record, the
 * grant in the security log and the welcome with its first-password link, kept together; the
 * welcome is handed to the mail queue once they are.
 */
export async function createReferrerAccount({ db, mailer, site }: Pick<AppContext, 'db' | 'mailer' | 'site'>, req: Request, actor: { id: string }, input: CreateReferrerRequest) {
  if (await db.referrer.findUnique({ where: { code: input.code } })) throw conflict(`The referrer code ${input.code} is taken. Choose another.`, 'referrer_code_taken');
  const existing = await db.user.findUnique({ where: { email: input.email }, include: { referrer: true } });
  if (existing?.referrer) throw conflict(`${input.email} already has a referrer account.`, 'already_referrer');
  const { user, referrer, emailId } = await db.$transaction(async (tx) => {
    const user = existing ?? (await tx.user.create({ data: { email: input.email, firstName: input.firstName, lastName: input.lastName, permissions: [], emailVerifiedAt: null } }));
    const referrer = await tx.referrer.create({ data: { userId: user.id, code: input.code, organisation: input.organisation } });
    await recordSecurityEvent(tx, req, 'role_changed', { userId: user.id, email: user.email, details: { changedBy: actor.id, referrerCode: referrer.code, granted: 'referrer' } });
    const { url, expiresAt } = await issuePasswordResetLink(tx, user.id, site.origin(), FIRST_PASSWORD_LINK_VALID_MS);
    const welcome = referrerWelcomeEmail({
      to: user.email,
      firstName: user.firstName,
      organisation: referrer.organisation,
      code: referrer.code,
      url,
      validFor: `${FIRST_PASSWORD_LINK_VALID_MS / 86_400_000} days`,
    });
    return { user, referrer, emailId: await mailer.send(welcome, { writer: tx, key: `referrer-welcome:${referrer.id}`, sendBy: expiresAt }) };
  });
  await mailer.dispatch(emailId);
  return { user, referrer };
}
