import type { Request, RequestHandler } from 'express';
import { normaliseEmail } from '@shared/domain/accounts/display-name';
import type { RateLimitName } from '../../config/rate-limits';
import type { AppContext } from '../../context';
import { clientAddressKey, createRateLimit } from '../../middleware/rate-limit';

/** The e-mail address in the body, so that a limit follows the account, not the attacker's address. */
const emailKey = (req: Request) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${normaliseEmail(email)}` : clientAddressKey(req);
};

/**
 * Sign-in attempts are counted per account *and* client address, like the lockout: a count per
 * account alone would let anyone keep a member from signing in by trying their address now and then.
 */
const accountAtAddressKey = (req: Request) => `${emailKey(req)}|${clientAddressKey(req)}`;

export function accountRateLimiters(context: Pick<AppContext, 'env' | 'shared'>): Record<'signIn' | 'verificationSend' | 'verificationCheck' | 'passwordReset', RequestHandler[]> {
  const limiter = (name: RateLimitName, message: string, key?: (req: Request) => string) => createRateLimit(context, name, { key, message });
  return {
    signIn: [limiter('signInPerAddress', 'Too many sign-in attempts from your network.'), limiter('signInPerAccount', 'Too many sign-in attempts for this account.', accountAtAddressKey)],
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
