/** The rules registration and a change of e-mail address share: a password allowed, an address not yet taken, a code that could not be sent. */
import { EMAIL_ALREADY_REGISTERED, PASSWORD_PROBLEM_MESSAGES } from '@shared/contracts/accounts';
import { passwordProblem } from '@shared/domain/accounts/password-policy';
import { conflict } from '../../lib/app-error';
import { ValidationError } from '../../lib/validate';
import { isCommonPassword } from './common-passwords';

/** What a person waiting for a code is told when the relay does not take it (503, Retry-After). */
export const CODE_NOT_SENT = 'We could not send the code just now; try again in a minute.';

/** The message that offers sign-in instead of an error page (the client links it to /auth/signin). */
export const alreadyRegistered = (email: string) => conflict(`An account already exists for ${email}. Please sign in instead, or reset your password if you have forgotten it.`, EMAIL_ALREADY_REGISTERED);

/** The common-password refusal, shown beside the password field. */
export function assertPasswordAllowed(password: string, field = 'password') {
  const problem = passwordProblem(password, isCommonPassword);
  if (problem) throw new ValidationError([{ path: field, message: PASSWORD_PROBLEM_MESSAGES[problem] }]);
}
