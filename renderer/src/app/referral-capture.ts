import { useLocation } from 'react-router';
import { type CodeStorage, parseReferralCode, REFERRAL_CODE_KEY, sessionStore } from '../lib/referral-code';

/** Keeps a valid code from a ?ref= value; anything else is ignored and an earlier code stays. */
export function rememberReferralCode(search: string, storage: CodeStorage | undefined = sessionStore()): void {
  const code = parseReferralCode(new URLSearchParams(search).get('ref'));
  if (code && storage && storage.getItem(REFERRAL_CODE_KEY) !== code) storage.setItem(REFERRAL_CODE_KEY, code);
}

/**
 * A visitor arriving on any page with ?ref=CODE keeps the code for this tab, so that registration
 * and the quote's personal details find it later. Done while rendering, not in an effect, so that
 * the page shown in the same render (e.g. /auth/register?ref=…) already reads it; it is idempotent.
 */
export function useReferralCapture(): void {
  rememberReferralCode(useLocation().search);
}
