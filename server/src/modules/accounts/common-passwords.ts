import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common-password list shipped with zxcvbn-ts (about 30,000 of the most used passwords from
 * public breach corpora). Compared without case: 'Password1' is as guessable as 'password1'.
 */
const commonPasswords = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
