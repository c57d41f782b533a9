import { REFERRAL_CODE_COOKIE, referrerCodeSchema } from '@shared/contracts/accounts';
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

/** The browser's cookies as `document.cookie` gives them ('' where there is no document). */
const documentCookies = (): string => (typeof document === 'undefined' ? '' : document.cookie);

/** The value of the referral cookie the server set (REFERRAL_CODE_COOKIE, `__Host-` prefixed behind HTTPS), if any. */
function referralCookie(cookies: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const [name = '', ...value] = pair.trim().split('=');
    if (name === REFERRAL_CODE_COOKIE || name === `__Host-${REFERRAL_CODE_COOKIE}`) return value.join('=');
  }
  return undefined;
}

/**
 * The code the visitor arrived with, if any (for prefilling registration and the quote): this tab's,
 * else the one the server kept from a referral link followed on before the app's code arrived.
 */
export function readReferralCode(storage: CodeStorage | undefined = sessionStore(), cookies: string = documentCookies()): string | undefined {
  return parseReferralCode(storage?.getItem(REFERRAL_CODE_KEY)) ?? parseReferralCode(referralCookie(cookies));
}
