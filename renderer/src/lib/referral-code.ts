import { referrerCodeSchema } from '@shared/contracts/accounts';
import { sanitizeString } from '@shared/domain/sanitize';

/** Where a visitor's ?ref= code waits (this tab only) until registration or the quote uses it. */
export const REFERRAL_CODE_KEY = 'grain.referrerCode';

export type CodeStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A referrer code from the address or storage, sanitised and checked; undefined when it is not one. */
export function parseReferralCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const parsed = referrerCodeSchema.safeParse(sanitizeString(value));
  return parsed.success ? parsed.data : undefined;
}

export const sessionStore = (): CodeStorage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage switched off by the browser: the code is then only in the address.
    return undefined;
  }
};

/** The code the visitor arrived with, if any (for prefilling registration and the quote). */
export function readReferralCode(storage: CodeStorage | undefined = sessionStore()): string | undefined {
  return parseReferralCode(storage?.getItem(REFERRAL_CODE_KEY));
}
