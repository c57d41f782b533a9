import type { Request, RequestHandler } from 'express';
import { normaliseEmail } from '@shared/domain/accounts/display-name';
import { clientAddressKey, createRateLimit } from '../../middleware/rate-limit';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const minute = 60_000;

/** The account rate limits and their defaults (docs/security.md explains each). */
export const DEFAULT_ACCOUNT_RATE_LIMITS = {
  signInPerAddress: { limit: 30, windowMs: 15 * minute },
  signInPerAccount: { limit: 10, windowMs: 15 * minute },
  verificationSendPerEmail: { limit: 3, windowMs: 10 * minute },
  verificationSendPerAddress: { limit: 10, windowMs: 60 * minute },
  verificationCheckPerAddress: { limit: 30, windowMs: 15 * minute },
  passwordResetPerEmail: { limit: 3, windowMs: 60 * minute },
  passwordResetPerAddress: { limit: 10, windowMs: 60 * minute },
} satisfies Record<string, RateLimitRule>;

export type AccountRateLimitName = keyof typeof DEFAULT_ACCOUNT_RATE_LIMITS;
export type AccountRateLimits = Record<AccountRateLimitName, RateLimitRule>;

const units: Record<string, number> = { s: 1000, m: minute, h: 60 * minute };

/**
 * Reads RATE_LIMITS: comma-separated `name=limit/window` entries, the window in s, m or h
 * ('signInPerAddress=30/15m'). A mistake stops the server with a message naming the entry.
 */
export function parseRateLimits(spec: string | undefined): AccountRateLimits {
  const limits: AccountRateLimits = { ...DEFAULT_ACCOUNT_RATE_LIMITS };
  if (!spec) return limits;
  for (const entry of spec.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(\w+)=(\d+)\/(\d+)([smh])$/.exec(entry);
    if (!match || !(match[1]! in limits)) {
      throw new Error(`RATE_LIMITS: '${entry}' is not 'name=limit/window' with a known name (${Object.keys(limits).join(', ')}) and a window like 15m.`);
    }
    limits[match[1] as AccountRateLimitName] = { limit: Number(match[2]), windowMs: Number(match[3]) * units[match[4]!]! };
  }
  return limits;
}

/** The e-mail address in the body, so that a limit follows the account, not the attacker's address. */
const emailKey = (req: Request) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${normaliseEmail(email)}` : clientAddressKey(req);
};

export function accountRateLimiters(limits: AccountRateLimits, disabled: boolean): Record<'signIn' | 'verificationSend' | 'verificationCheck' | 'passwordReset', RequestHandler[]> {
  const limiter = (name: AccountRateLimitName, message: string, key?: (req: Request) => string) => createRateLimit({ ...limits[name], key, message, disabled });
  return {
    signIn: [
      limiter('signInPerAddress', 'Too many sign-in attempts from your network.'),
      limiter('signInPerAccount', 'Too many sign-in attempts for this account.', emailKey),
    ],
    verificationSend: [
      limiter('verificationSendPerAddress', 'Too many verification codes requested from your network.'),
      limiter('verificationSendPerEmail', 'Too many verification codes sent to this address.', emailKey),
    ],
    verificationCheck: [limiter('verificationCheckPerAddress', 'Too many verification attempts.')],
    passwordReset: [
      limiter('passwordResetPerAddress', 'Too many password resets requested from your network.'),
      limiter('passwordResetPerEmail', 'Too many password resets requested for this address.', emailKey),
    ],
  };
}
