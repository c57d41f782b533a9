import { describe, expect, it } from 'vitest';
import { readReferralCode, REFERRAL_CODE_KEY } from '../lib/referral-code';
import { rememberReferralCode } from './referral-capture';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe('?ref= capture', () => {
  it('keeps a valid code, upper-cased and trimmed, and reads it back', () => {
    const storage = memoryStorage();
    rememberReferralCode('?utm=x&ref=%20wheatbelt-ag%20', storage);
    expect(storage.values.get(REFERRAL_CODE_KEY)).toBe('WHEATBELT-AG');
    expect(readReferralCode(storage)).toBe('WHEATBELT-AG');
  });

  it('ignores a missing or invalid code and keeps the earlier one', () => {
    const storage = memoryStorage({ [REFERRAL_CODE_KEY]: 'FIRST' });
    rememberReferralCode('', storage);
    rememberReferralCode('?ref=<script>alert(1)</script>', storage);
    rememberReferralCode('?ref=no spaces allowed', storage);
    rememberReferralCode(`?ref=${'A'.repeat(33)}`, storage);
    expect(readReferralCode(storage)).toBe('FIRST');
  });

  it('sanitises before checking, and refuses what was tampered with in storage', () => {
    const storage = memoryStorage();
    rememberReferralCode('?ref=<script></script>AGENT7', storage);
    expect(readReferralCode(storage)).toBe('AGENT7');
    expect(readReferralCode(memoryStorage({ [REFERRAL_CODE_KEY]: 'javascript:alert(1)' }))).toBeUndefined();
    expect(readReferralCode(undefined)).toBeUndefined();
  });

  it('falls back to the code the server kept in its cookie (a link followed before the app arrived), the tab’s own first, and checks it the same', () => {
    expect(readReferralCode(memoryStorage(), 'grain.visitor=abc; grain.ref=WHEATBELT-AG')).toBe('WHEATBELT-AG');
    expect(readReferralCode(undefined, '__Host-grain.ref=AGENT7')).toBe('AGENT7');
    expect(readReferralCode(memoryStorage({ [REFERRAL_CODE_KEY]: 'FIRST' }), 'grain.ref=SECOND')).toBe('FIRST');
    expect(readReferralCode(memoryStorage(), 'grain.ref=%3Cscript%3E; other.ref=NOTOURS')).toBeUndefined();
    expect(readReferralCode(memoryStorage(), '')).toBeUndefined();
  });
});
