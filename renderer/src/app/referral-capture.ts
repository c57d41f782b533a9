import { type CodeStorage, parseReferralCode, REFERRAL_CODE_KEY, sessionStore } from '../lib/referral-code';

/**
 * Drawn by the root above the page when the address carries ?ref=: it keeps the code while
 * rendering, before the page beside it (e.g. /auth/register?ref=…) reads it; it is idempotent.
 */
export function ReferralCapture({ search }: { search: string }): null {
  rememberReferralCode(search);
  return null;
}

/** Keeps a valid code from a ?ref= value; anything else is ignored and an earlier code stays. */
export function rememberReferralCode(search: string, storage: CodeStorage | undefined = sessionStore()): void {
  const code = parseReferralCode(new URLSearchParams(search).get('ref'));
  if (code && storage && storage.getItem(REFERRAL_CODE_KEY) !== code) storage.setItem(REFERRAL_CODE_KEY, code);
}
