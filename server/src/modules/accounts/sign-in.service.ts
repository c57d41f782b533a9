import type { Request, Response } from 'express';
import { type ProviderId, SIGN_IN_ERROR_MESSAGES } from '@shared/contracts/accounts';
import { normaliseEmail } from '@shared/domain/accounts/display-name';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { cookieNames } from '../../lib/sessions';
import { clientAddressKey } from '../../middleware/rate-limit';
import { recordSecurityEvent } from './security-log';
import { waitInWords } from '@shared/format';

/**
 * Lockout (docs/security.md 'Lockout'): after LOCKOUT_THRESHOLD failed sign-ins in a row for one
 * e-mail address from one client address, that address may not try again for a minute, then each
 * further failure locks it again for twice as long, up to 15 minutes. Tries made while locked are
 * refused without being counted, so they never lengthen the lock. Because the lock belongs to the
 * account *and* the address, a stranger guessing from elsewhere never locks the member out of their
 * own computer; a success from an address clears its count, and a password reset clears them all.
 */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_BASE_MS = 60_000;
export const LOCKOUT_MAX_MS = 15 * 60_000;
/**
 * Failed sign-ins for one e-mail address from every client address together, in the last
 * ACCOUNT_FAILURE_WINDOW_MS, after which the address is refused like a lock until the oldest falls
 * out of the window: guessing spread over many client addresses, each under its own lock, is bounded
 * too. Counted from the security log, for known and unknown addresses alike (so the ceiling tells no
 * one whether an account exists); a password reset starts the count afresh.
 */
export const ACCOUNT_FAILURE_CEILING = 100;
export const ACCOUNT_FAILURE_WINDOW_MS = 60 * 60_000;
/** Lock rows idle this long are deleted (a lock never lasts longer than LOCKOUT_MAX_MS). */
const LOCK_ROW_IDLE_MS = 24 * 60 * 60_000;

export function lockoutDuration(consecutiveFailures: number): number {
  if (consecutiveFailures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_MAX_MS, LOCKOUT_BASE_MS * 2 ** (consecutiveFailures - LOCKOUT_THRESHOLD));
}

export type SignInOutcome = { ok: true; userId: string } | { ok: false; reason: 'CredentialsSignin' | 'NotReferrer' | 'AccountDisabled' } | { ok: false; reason: 'AccountLocked'; retryAfterSeconds: number };

type Db = AppContext['db'];
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';

/**
 * Takes one try from the address's allowance with ONE conditional update, before the password is
 * checked: of 20 guesses sent at the same moment only the allowed number are ever compared. A lock
 * that has run out gives exactly one more try. Answers the seconds to wait when no try is left.
 */
async function reserveAttempt(db: Db, email: string, address: string): Promise<{ reserved: true } | { reserved: false; retryAfterSeconds: number }> {
  const now = new Date();
  const staleBefore = new Date(now.getTime() - LOCKOUT_MAX_MS);
  for (let round = 0; round < 3; round++) {
    const taken = await db.signInLock.updateMany({
      where: {
        email,
        address,
        OR: [
          { failures: { lt: LOCKOUT_THRESHOLD } },
          { lockedUntil: { lte: now } },
          // A lock that was due but never set (the server stopped mid-request) runs out all the same.
          { lockedUntil: null, updatedAt: { lte: staleBefore } },
        ],
      },
      data: { failures: { increment: 1 }, lockedUntil: null },
    });
    if (taken.count === 1) return { reserved: true };
    const row = await db.signInLock.findUnique({ where: { email_address: { email, address } } });
    // Another try created the row (or a lock ran out) between the update and this read: it has a try to take.
    const hasTry = row && (row.failures < LOCKOUT_THRESHOLD || (row.lockedUntil ? row.lockedUntil <= now : row.updatedAt <= staleBefore));
    if (hasTry) continue;
    if (row) {
      const waitMs = row.lockedUntil ? row.lockedUntil.getTime() - now.getTime() : lockoutDuration(Math.max(row.failures, LOCKOUT_THRESHOLD));
      return { reserved: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    try {
      await db.signInLock.create({ data: { email, address, failures: 1 } });
      await pruneIdleLocks(db, now);
      return { reserved: true };
    } catch (error) {
      // Another try from this address created the row first: take a try from it instead.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('sign-in lock row could not be reserved');
}

let lastPrunedAt = 0;
async function pruneIdleLocks(db: Db, now: Date) {
  if (now.getTime() - lastPrunedAt < 10 * 60_000) return;
  lastPrunedAt = now.getTime();
  await db.signInLock.deleteMany({ where: { updatedAt: { lt: new Date(now.getTime() - LOCK_ROW_IDLE_MS) } } });
}

/** After a wrong password: the try that reached the threshold locks the address (once; the winner logs it). */
async function lockIfDue(db: Db, email: string, address: string): Promise<number> {
  const row = await db.signInLock.findUnique({ where: { email_address: { email, address } } });
  if (!row || row.failures < LOCKOUT_THRESHOLD || row.lockedUntil) return 0;
  const lockMs = lockoutDuration(row.failures);
  const locked = await db.signInLock.updateMany({ where: { id: row.id, lockedUntil: null }, data: { lockedUntil: new Date(Date.now() + lockMs) } });
  return locked.count === 1 ? lockMs : 0;
}

/** Seconds until the address is under the account-wide ceiling again, or 0 when it is under it now. */
async function accountCeilingWait(db: Db, email: string, countFrom: Date | null, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - ACCOUNT_FAILURE_WINDOW_MS);
  const since = countFrom && countFrom > windowStart ? countFrom : windowStart;
  const recent = await db.securityEvent.findMany({
    where: { email, type: 'sign_in_failure', createdAt: { gt: since } },
    select: { createdAt: true, details: true },
    orderBy: { createdAt: 'desc' },
    // Tries refused while locked are logged too but are not guesses; a few times the ceiling is enough to find the guesses among them.
    take: 4 * ACCOUNT_FAILURE_CEILING,
  });
  const guesses = recent.filter((event) => !String((event.details as { reason?: unknown } | null)?.reason ?? '').startsWith('locked'));
  const oldest = guesses[ACCOUNT_FAILURE_CEILING - 1];
  return oldest ? Math.max(1, Math.ceil((oldest.createdAt.getTime() + ACCOUNT_FAILURE_WINDOW_MS - now.getTime()) / 1000)) : 0;
}

/** A password reset lifts every lock on the account's address, from every client address. */
export async function clearSignInLocks(db: Db, email: string): Promise<void> {
  await db.signInLock.deleteMany({ where: { email } });
}

/**
 * A hash to verify against when the address is unknown, so an unknown address costs the same argon2
 * work. Made when the module loads, so that not even the first unknown address takes longer.
 */
const decoyHash = hashPassword('decoy password that is never anyone’s');

/**
 * Checks a sign-in. An unknown address and a wrong password are answered alike, after the same
 * work (a lock try, one argon2 verify) and with the same lock behaviour.
 */
export async function authenticate({ db }: Pick<AppContext, 'db'>, req: Request, { email: rawEmail, password, provider }: { email: string; password: string; provider: ProviderId }): Promise<SignInOutcome> {
  const email = normaliseEmail(rawEmail);
  const address = clientAddressKey(req);
  const user = await db.user.findUnique({ where: { email }, include: { referrer: true } });
  const ceilingWait = await accountCeilingWait(db, email, user?.sessionsValidFrom ?? null, new Date());
  const attempt = ceilingWait > 0 ? ({ reserved: false, retryAfterSeconds: ceilingWait } as const) : await reserveAttempt(db, email, address);
  if (!attempt.reserved) {
    await recordSecurityEvent(db, req, 'sign_in_failure', { userId: user?.id, email, details: { provider, reason: ceilingWait > 0 ? 'locked_account_wide' : 'locked' } });
    return { ok: false, reason: 'AccountLocked', retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const passwordRight = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
  if (!user?.passwordHash || !passwordRight) {
    const lockMs = await lockIfDue(db, email, address);
    await recordSecurityEvent(db, req, 'sign_in_failure', { userId: user?.id, email, details: { provider, reason: user ? 'wrong_password' : 'unknown_account' } });
    if (lockMs) await recordSecurityEvent(db, req, 'account_locked', { userId: user?.id, email, details: { lockedForSeconds: lockMs / 1000 } });
    return { ok: false, reason: 'CredentialsSignin' };
  }
  await db.signInLock.deleteMany({ where: { email, address } });
  // A lock by staff is said only to someone who knew the password, so it reveals nothing to a guesser.
  if (user.lockedAt) {
    await recordSecurityEvent(db, req, 'sign_in_failure', { userId: user.id, email, details: { provider, reason: 'locked_by_staff' } });
    return { ok: false, reason: 'AccountDisabled' };
  }
  if (provider === 'referrer' && !user.referrer?.isActive) {
    await recordSecurityEvent(db, req, 'sign_in_failure', { userId: user.id, email, details: { provider, reason: 'not_a_referrer' } });
    return { ok: false, reason: 'NotReferrer' };
  }
  await recordSecurityEvent(db, req, 'sign_in_success', { userId: user.id, email, details: { provider } });
  return { ok: true, userId: user.id };
}

/** The 4xx an account call answers for a refused sign-in. */
export function signInRefusal(outcome: Exclude<SignInOutcome, { ok: true }>): AppError {
  switch (outcome.reason) {
    case 'AccountLocked': {
      return new AppError(429, 'account_locked', `Too many failed attempts for this account. Try again in ${waitInWords(outcome.retryAfterSeconds)}, or reset your password.`, {
        'Retry-After': String(outcome.retryAfterSeconds),
      });
    }
    case 'AccountDisabled':
      return new AppError(403, 'account_disabled', SIGN_IN_ERROR_MESSAGES.AccountDisabled);
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
