/**
 * ASVS 5 (V6.2) password rules: at least 8 characters (15 suggested), at most 128, any characters,
 * no composition rules, and not on a list of common passwords. Length is counted in Unicode code
 * points so a passphrase in any script is measured as a person would count it. The lengths and the
 * messages are the request shapes' too (shared/contracts/accounts.ts), so they are written there.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem, PASSWORD_SUGGESTED_LENGTH } from '../../contracts/accounts';

/** The rule as every form that sets a password states it: the quote, registration, reset, settings and the administrator's own. */
export const PASSWORD_RULE_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of ${PASSWORD_SUGGESTED_LENGTH} or more, like a few unrelated words, is best.`;

export function passwordLength(password: string): number {
  return [...password].length;
}

/**
 * The first problem with a password, or undefined when it is acceptable. The common-password check
 * is passed in because the list is large and lives on the server only.
 */
export function passwordProblem(password: string, isCommonPassword: (candidate: string) => boolean = () => false): PasswordProblem | undefined {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (isCommonPassword(password)) return 'common';
  return undefined;
}
