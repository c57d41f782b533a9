import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_VALID_MS } from '@shared/constants';
import type { AppContext } from '../../context';
import type { DatabaseWriter } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import type { MailMessage } from '../../lib/mailer';

export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** After a correct code, registration must follow within this time. */
export const VERIFICATION_TOKEN_VALID_MS = 60 * 60_000;

type Context = Pick<AppContext, 'db' | 'sessions'>;

const codeHash = (secret: string, email: string, code: string) => createHmac('sha256', secret).update(`email-code:${email}:${code}`).digest('hex');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new 6-digit code for the address, stored; the newest unused code is the one a check compares. */
export async function storeVerificationCode({ db, sessions }: Context, email: string): Promise<{ id: string; createdAt: Date; code: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const { id, createdAt } = await db.emailVerification.create({
    data: { email, codeHash: codeHash(sessions.secret, email, code), expiresAt: new Date(Date.now() + VERIFICATION_CODE_VALID_MS) },
    select: { id: true, createdAt: true },
  });
  return { id, createdAt, code };
}

/**
 * A new code for the address, e-mailed before the answer (`unavailable` is the 503's sentence when
 * the relay does not take it). Once it has gone, any earlier unused code for the address stops
 * working; a code that could not go is forgotten, so the one already in the person's inbox still works.
 */
export async function sendVerificationCode(context: Context & Pick<AppContext, 'mailer' | 'logger'>, email: string, message: (code: string) => MailMessage, unavailable: string): Promise<void> {
  const { db, mailer, logger } = context;
  const issued = await storeVerificationCode(context, email);
  try {
    await mailer.sendNow(message(issued.code), unavailable);
  } catch (error) {
    await db.emailVerification.delete({ where: { id: issued.id } });
    throw error;
  }
  // Only those made before it: a code asked for a moment later, and sent, stays the one to enter.
  // The code has gone, so the person is told so even if this tidying fails: a check compares only
  // the newest code, and the retention job deletes what is left.
  await db.emailVerification
    .deleteMany({ where: { email, verifiedAt: null, createdAt: { lt: issued.createdAt } } })
    .catch((error: unknown) => logger.warn({ err: error }, 'earlier verification codes not deleted; the newest is the one checked'));
}

/** A check passed, to be spent in the transaction of what it allows: a failure there leaves it unspent for the retry. */
export interface PassedCheck {
  spend(writer: DatabaseWriter): Promise<void>;
}

/**
 * Checks a code: 5 tries, 10 minutes. Each try is taken with ONE conditional update before the code
 * is compared, so 20 guesses sent at the same moment get 5 comparisons, not 20. A right code is
 * answered with what spends it (once), with `alsoSet` in the same write.
 */
export async function checkVerificationCode({ db, sessions }: Context, email: string, code: string, alsoSet: { tokenHash?: string } = {}): Promise<PassedCheck> {
  const record = await db.emailVerification.findFirst({ where: { email, verifiedAt: null }, orderBy: { createdAt: 'desc' } });
  if (!record || record.expiresAt.getTime() < Date.now()) {
    throw badRequest('That code has expired or was never sent to this address. Ask for a new code.', 'code_expired');
  }
  const tryTaken = await db.emailVerification.updateMany({
    where: { id: record.id, verifiedAt: null, attempts: { lt: VERIFICATION_CODE_MAX_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
  });
  if (tryTaken.count === 0) {
    throw new AppError(400, 'code_attempts_exhausted', 'That code was entered wrongly too many times. Ask for a new code.');
  }
  const expected = Buffer.from(record.codeHash, 'hex');
  const given = Buffer.from(codeHash(sessions.secret, email, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const { attempts } = await db.emailVerification.findUniqueOrThrow({ where: { id: record.id }, select: { attempts: true } });
    const left = Math.max(0, VERIFICATION_CODE_MAX_ATTEMPTS - attempts);
    throw badRequest(left > 0 ? `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'That code is not right, and no tries are left. Ask for a new code.', 'invalid_code');
  }
  return {
    spend: async (writer) => {
      const spent = await writer.emailVerification.updateMany({ where: { id: record.id, verifiedAt: null }, data: { verifiedAt: new Date(), ...alsoSet } });
      if (spent.count === 0) throw badRequest('That code has been used already. Ask for a new code.', 'code_expired');
    },
  };
}

/** Checks the code and answers the single-use token registration spends to prove the address was verified: the code spent and the token kept in one write. */
export async function verificationTokenFor(context: Context, email: string, code: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await (await checkVerificationCode(context, email, code, { tokenHash: tokenHash(token) })).spend(context.db);
  return token;
}

/** Checks a verification token for this address, or refuses it with a reason a person can act on; answers what spends it. */
export async function checkVerificationToken({ db }: Context, email: string, token: string): Promise<PassedCheck> {
  const record = await db.emailVerification.findUnique({ where: { tokenHash: tokenHash(token) } });
  const notVerified = () => badRequest('Your e-mail address has not been verified for this registration. Ask for a new code and enter it first.', 'email_not_verified');
  if (!record || record.email !== email) throw notVerified();
  if (!record.verifiedAt || record.verifiedAt.getTime() + VERIFICATION_TOKEN_VALID_MS < Date.now()) {
    await db.emailVerification.delete({ where: { id: record.id } });
    throw badRequest('Your e-mail verification has expired. Ask for a new code and enter it again.', 'email_verification_expired');
  }
  return {
    // The token is spent; the verified code stays for the registration funnel (docs/admin-analytics.md).
    spend: async (writer) => {
      const spent = await writer.emailVerification.updateMany({ where: { id: record.id, tokenHash: record.tokenHash }, data: { tokenHash: null } });
      if (spent.count === 0) throw notVerified();
    },
  };
}
