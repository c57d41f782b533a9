import type { Request, Response } from 'express';
import type { ProviderId } from '@shared/contracts/accounts';
import { normaliseEmail } from '@shared/domain/accounts/display-name';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { cookieNames } from '../../lib/sessions';
import { recordSecurityEvent } from './security-log';

/**
 * Lockout: after LOCKOUT_THRESHOLD failures in a row the account refuses sign-in (even with the
 * right password) for a minute, doubling with each further failure up to 15 minutes. An attacker
 * gets a handful of guesses an hour; a member locked out by someone else waits minutes, not days,
 * and a password reset lifts the lock at once.
 */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_BASE_MS = 60_000;
export const LOCKOUT_MAX_MS = 15 * 60_000;

export function lockoutDuration(consecutiveFailures: number): number {
  if (consecutiveFailures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_MAX_MS, LOCKOUT_BASE_MS * 2 ** (consecutiveFailures - LOCKOUT_THRESHOLD));
}

export type SignInOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: 'CredentialsSignin' | 'NotReferrer' }
  | { ok: false; reason: 'AccountLocked'; retryAfterSeconds: number };

/** A hash to verify against when the address is unknown, so timing does not reveal which addresses exist. */
let decoyHash: Promise<string> | undefined;

export async function authenticate(
  { db }: Pick<AppContext, 'db'>,
  req: Request,
  { email: rawEmail, password, provider }: { email: string; password: string; provider: ProviderId },
): Promise<SignInOutcome> {
  const email = normaliseEmail(rawEmail);
  const user = await db.user.findUnique({ where: { email }, include: { referrer: true } });
  if (!user?.passwordHash) {
    decoyHash ??= hashPassword('decoy password that is never anyone’s');
    await verifyPassword(await decoyHash, password);
    await recordSecurityEvent(db, req, 'sign_in_failure', { email, details: { provider, reason: 'unknown_account' } });
    return { ok: false, reason: 'CredentialsSignin' };
  }
  const now = Date.now();
  if (user.lockedUntil && user.lockedUntil.getTime() > now) {
    await recordSecurityEvent(db, req, 'sign_in_failure', { userId: user.id, email, details: { provider, reason: 'locked' } });
    return { ok: false, reason: 'AccountLocked', retryAfterSeconds: Math.ceil((user.lockedUntil.getTime() - now) / 1000) };
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    const failures = user.failedSignIns + 1;
    const lockMs = lockoutDuration(failures);
    await db.user.update({ where: { id: user.id }, data: { failedSignIns: failures, lockedUntil: lockMs ? new Date(now + lockMs) : null } });
    await recordSecurityEvent(db, req, 'sign_in_failure', { userId: user.id, email, details: { provider, reason: 'wrong_password', consecutiveFailures: failures } });
    if (lockMs) {
      await recordSecurityEvent(db, req, 'account_locked', { userId: user.id, email, details: { lockedForSeconds: lockMs / 1000, consecutiveFailures: failures } });
    }
    return { ok: false, reason: 'CredentialsSignin' };
  }
  if (provider === 'referrer' && !user.referrer?.isActive) {
    await recordSecurityEvent(db, req, 'sign_in_failure', { userId: user.id, email, details: { provider, reason: 'not_a_referrer' } });
    return { ok: false, reason: 'NotReferrer' };
  }
  if (user.failedSignIns > 0 || user.lockedUntil) await db.user.update({ where: { id: user.id }, data: { failedSignIns: 0, lockedUntil: null } });
  await recordSecurityEvent(db, req, 'sign_in_success', { userId: user.id, email, details: { provider } });
  return { ok: true, userId: user.id };
}

/** The 4xx an account call answers for a refused sign-in. */
export function signInRefusal(outcome: Exclude<SignInOutcome, { ok: true }>): AppError {
  switch (outcome.reason) {
    case 'AccountLocked': {
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      return new AppError(429, 'account_locked', `Too many failed attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`, {
        'Retry-After': String(outcome.retryAfterSeconds),
      });
    }
    case 'NotReferrer':
      return new AppError(403, 'not_referrer', 'That account is not a referrer account. Members sign in on the main sign-in page.');
    default:
      return new AppError(401, 'invalid_credentials', 'The e-mail address or password is not right. Check them and try again.');
  }
}

const promisify = (work: (done: (error?: unknown) => void) => void) => new Promise<void>((resolve, reject) => work((error) => (error ? reject(error) : resolve())));

/** Signs a person in on a brand-new session id (no fixation), keeping nothing of the visitor session. */
export async function establishSession(req: Request, userId: string, provider: ProviderId): Promise<void> {
  await promisify((done) => req.session.regenerate(done));
  req.session.userId = userId;
  req.session.provider = provider;
  req.session.signedInAt = Date.now();
  await promisify((done) => req.session.save(done));
}

/** Ends the session in the store (if there is one) and clears every auth cookie of this app. */
export async function endSession(req: Request, res: Response, secureCookies: boolean): Promise<void> {
  if (req.session) await promisify((done) => req.session.destroy(done));
  for (const secure of [secureCookies, !secureCookies]) {
    const names = cookieNames(secure);
    for (const name of [names.session, names.csrf]) res.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  }
  // Cookies the earlier next-auth based site set; a member's browser may still carry them.
  for (const name of ['next-auth.session-token', 'next-auth.csrf-token', 'next-auth.callback-url', '__Secure-next-auth.session-token', '__Secure-next-auth.callback-url', '__Host-next-auth.csrf-token']) {
    res.clearCookie(name, { path: '/', secure: name.startsWith('__') });
  }
}
