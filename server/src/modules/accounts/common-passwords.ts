import { createRequire } from 'node:module';
import type * as CommonLanguage from '@zxcvbn-ts/language-common';

/**
 * The common-password list shipped with zxcvbn-ts (about 30,000 of the most used passwords from
 * public breach corpora). Compared without case: 'Password1' is as guessable as 'password1'.
 */
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  // Read at the first password check, not at start-up: decompressing the list takes a noticeable moment.
  commonPasswords ??= new Set((createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof CommonLanguage).dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}
