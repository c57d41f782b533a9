/**
 * Single-use password reset links: made here for the reset page, an administrator's new referrer
 * account and staff's "send a reset link"; and the two commands of the reset page, the link's
 * e-mail and the reset that spends it.
 */
import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { PasswordResetResponse } from '@shared/contracts/accounts';
import type { AppContext } from '../../context';
import type { Database, DatabaseWriter } from '../../db/client';
import type { JobQueue } from '../../lib/job-queue';
import { badRequest } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { tokenHash } from './email-verification.service';
import { passwordResetEmail } from './mail-templates';
import { assertPasswordAllowed } from './registration.service';
import { recordSecurityEvent } from './security-log';
import { clearSignInLocks } from './sign-in.service';

export const PASSWORD_RESET_VALID_MS = 60 * 60_000;
/** Referrer accounts are created by an administrator and choose their first password this way. */
export const FIRST_PASSWORD_LINK_VALID_MS = 7 * 24 * 60 * 60_000;

/**
 * A new single-use reset link for the user, in the caller's transaction, with when it stops working
 * (its e-mail is not sent after: the mail queue's `sendBy`); earlier unused links stop working (the
 * transaction makes the two writes one: both or neither).
 */
export async function issuePasswordResetLink(tx: DatabaseWriter, userId: string, origin: string, validMs: number): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + validMs);
  await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
  await tx.passwordResetToken.create({ data: { userId, tokenHash: tokenHash(token), expiresAt } });
  return { url: `${origin}/auth/reset-password?token=${token}`, expiresAt };
}

/**
 * A new reset link for the member, working for an hour, and its e-mail, queued in the caller's
 * transaction (and never sent after the link stops working); answers the e-mail's id, to dispatch()
 * after the commit. The reset page's job and staff's "send a reset link" both send it.
 */
export async function queueResetLinkEmail(tx: DatabaseWriter, { mailer, site }: Pick<AppContext, 'mailer' | 'site'>, user: { id: string; email: string; firstName: string }, key?: string): Promise<string> {
  const { url, expiresAt } = await issuePasswordResetLink(tx, user.id, site.origin(), PASSWORD_RESET_VALID_MS);
  return mailer.send(passwordResetEmail({ to: user.email, firstName: user.firstName, url, validMinutes: PASSWORD_RESET_VALID_MS / 60_000 }), { key, writer: tx, sendBy: expiresAt });
}

export const PASSWORD_RESET_QUEUE = 'password-reset.mail';
/** A link a database blip kept from being made is tried again over about a quarter of an hour. */
const PASSWORD_RESET_RETRY = { retryLimit: 4, retryDelaySeconds: 60 };

/** A reset link asked for on the reset page: for the account, or none when the address has none. */
export interface RequestedResetLink {
  userId: string | null;
}

/**
 * Keeps the request for a reset link as a job, whether or not the address has an account, so the
 * asker's answer comes after the same writes either way and the link is made after it; a link the
 * database refuses then is made when the job is tried again.
 */
export function keepResetLinkRequest(jobs: JobQueue, userId: string | null): Promise<string | null> {
  return jobs.enqueue(PASSWORD_RESET_QUEUE, { userId } satisfies RequestedResetLink);
}

/**
 * The job of one request: a new reset link and its e-mail, written together, then handed to the
 * mail queue. Keyed by the job, so a try after one that had written them makes no second link.
 */
export function registerPasswordResetJobs(jobs: JobQueue, { db, mailer, site }: Pick<AppContext, 'db' | 'mailer' | 'site'>): void {
  jobs.register<RequestedResetLink>(
    PASSWORD_RESET_QUEUE,
    async ({ id, data: { userId } }) => {
      const user = userId ? await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, firstName: true } }) : null;
      if (!user) return;
      const key = `password-reset:${id}`;
      const emailId = await db.$transaction(async (tx) => {
        if (await tx.queuedEmail.findUnique({ where: { key }, select: { id: true } })) return null;
        return queueResetLinkEmail(tx, { mailer, site }, user, key);
      });
      if (emailId) await mailer.dispatch(emailId);
    },
    PASSWORD_RESET_RETRY,
  );
}

/**
 * Spends the reset link `token` on the new password: the link spent, the password changed and the
 * change logged together (a failure half-way leaves the link usable), then any lockout lifted.
 */
export async function resetPassword(db: Database, req: Request, { token, password }: { token: string; password: string }): Promise<PasswordResetResponse['signInPath']> {
  const record = await db.passwordResetToken.findUnique({ where: { tokenHash: tokenHash(token) }, include: { user: { include: { referrer: true } } } });
  const invalidLink = () => badRequest('This reset link has expired or has been used already. Ask for a new one on the sign-in page.', 'reset_link_invalid');
  if (!record || record.usedAt || record.expiresAt.getTime() < Date.now()) throw invalidLink();
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    // Spent with one conditional update, so two uses of one link at the same moment cannot both succeed.
    const spent = await tx.passwordResetToken.updateMany({ where: { id: record.id, usedAt: null }, data: { usedAt: new Date() } });
    if (spent.count === 0) throw invalidLink();
    // A reset ends every session of the account and drops an e-mail change they asked for.
    await tx.user.update({ where: { id: record.userId }, data: { passwordHash, sessionsValidFrom: new Date(), pendingEmail: null, emailVerifiedAt: record.user.emailVerifiedAt ?? new Date() } });
    await recordSecurityEvent(tx, req, 'password_reset', { userId: record.userId, email: record.user.email });
  });
  // And lifts any lockout.
  await clearSignInLocks(db, record.user.email);
  return record.user.referrer?.isActive ? '/auth/referrer-signin' : '/auth/signin';
}
