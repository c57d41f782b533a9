import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestUser, latestCodeTo, TEST_PASSWORD, waitForEmailTo } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { LOCKOUT_THRESHOLD } from './sign-in.service';
import { VERIFICATION_CODE_MAX_ATTEMPTS } from './email-verification.service';

/**
 * Counters that cannot be raced. Requests name their client address with
 * X-Forwarded-For (TRUST_PROXY=1) and prove same-origin with Sec-Fetch-Site, so each is independent.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    TRUST_PROXY: '1',
    RATE_LIMITS:
      'signInPerAccount=1000/15m,signInPerAddress=1000/15m,verificationCheckPerAddress=1000/15m,verificationSendPerEmail=100/10m,verificationSendPerAddress=100/1h,passwordResetPerEmail=100/1h,passwordResetPerAddress=100/1h',
  });
});
afterAll(() => testApp.close());
afterEach(() => vi.useRealTimers());

const ATTACKER = '203.0.113.9';
const MEMBER_ADDRESS = '198.51.100.7';
const post = (path: string, body: object, from = ATTACKER) => request(testApp.app).post(path).set('Sec-Fetch-Site', 'same-origin').set('X-Forwarded-For', from).send(body);
const signIn = (email: string, password: string, from = ATTACKER) => post('/api/auth/signin', { email, password }, from);
const countBy = <T>(items: T[], key: (item: T) => string) => items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});

describe('e-mail code tries', () => {
  it('gives 20 guesses sent at once no more than 5 comparisons, then refuses even the right code', async () => {
    const email = 'race-code@example.com';
    await post('/api/auth/email-verification/send', { email, firstName: 'Rae', lastName: 'Code' }).expect(200);
    const right = latestCodeTo(testApp.env.MAIL_OUTBOX_DIR, email);
    const wrongCodes = Array.from({ length: 20 }, (_, index) => String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrongCodes.map((code) => post('/api/auth/email-verification/verify', { email, code })));

    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    expect(countBy(answers, (answer) => answer.body.error as string)).toEqual({ invalid_code: VERIFICATION_CODE_MAX_ATTEMPTS, code_attempts_exhausted: 20 - VERIFICATION_CODE_MAX_ATTEMPTS });
    const record = await testApp.db.emailVerification.findFirstOrThrow({ where: { email } });
    expect(record.attempts).toBe(VERIFICATION_CODE_MAX_ATTEMPTS);

    const late = await post('/api/auth/email-verification/verify', { email, code: right });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: 'code_attempts_exhausted', message: 'That code was entered wrongly too many times. Ask for a new code.' });
  });

  it('spends a right code once, however many times it is sent at once', async () => {
    const email = 'race-right@example.com';
    await post('/api/auth/email-verification/send', { email, firstName: 'Rae', lastName: 'Right' }).expect(200);
    const code = latestCodeTo(testApp.env.MAIL_OUTBOX_DIR, email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/auth/email-verification/verify', { email, code })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });
});

describe('sign-in failures and the lockout', () => {
  it('counts 20 wrong passwords sent at once exactly: 5 are checked, 15 refused as locked', async () => {
    const email = 'race-password@example.com';
    await createTestUser(testApp.db, { email });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => signIn(email, `wrong guess ${index}`)));

    expect(countBy(answers, (answer) => String(answer.status))).toEqual({ 401: LOCKOUT_THRESHOLD, 429: 20 - LOCKOUT_THRESHOLD });
    expect(answers.find((answer) => answer.status === 429)?.body.error).toBe('account_locked');
    const lock = await testApp.db.signInLock.findFirstOrThrow({ where: { email } });
    expect(lock.failures).toBe(LOCKOUT_THRESHOLD);
    expect(lock.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(55_000);
    const events = await testApp.db.securityEvent.findMany({ where: { email } });
    expect(countBy(events, (event) => `${event.type}:${(event.details as { reason?: string }).reason ?? ''}`)).toEqual({
      'sign_in_failure:wrong_password': LOCKOUT_THRESHOLD,
      'sign_in_failure:locked': 20 - LOCKOUT_THRESHOLD,
      'account_locked:': 1,
    });
  });

  it('never locks the member out from their own address when someone else guesses', async () => {
    const email = 'targeted@example.com';
    await createTestUser(testApp.db, { email });
    for (let attempt = 0; attempt < 8; attempt++) await signIn(email, 'attacker guess');
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(429);
    expect((await signIn(email, TEST_PASSWORD, MEMBER_ADDRESS)).status).toBe(200);
  });

  it('lifts the lock when the password is reset', async () => {
    const email = 'reset-lock@example.com';
    await createTestUser(testApp.db, { email });
    for (let attempt = 0; attempt < LOCKOUT_THRESHOLD; attempt++) await signIn(email, 'forgotten');
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(429);

    await post('/api/auth/password-reset/request', { email }).expect(200);
    const token = /reset-password\?token=([\w-]+)/.exec(await waitForEmailTo(testApp.env.MAIL_OUTBOX_DIR, email))![1]!;
    await post('/api/auth/password-reset/confirm', { token, password: 'a fresh long passphrase' }).expect(200);
    expect((await signIn(email, 'a fresh long passphrase')).status).toBe(200);
  });

  it('ends a lock after its minute, not lengthened by tries made during it; a further failure locks for two', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    const email = 'clock@example.com';
    await createTestUser(testApp.db, { email });
    for (let attempt = 0; attempt < LOCKOUT_THRESHOLD; attempt++) await signIn(email, 'wrong');
    const locked = await signIn(email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(locked.body.message).toBe('Too many failed attempts for this account. Try again in 1 minute, or reset your password.');

    vi.setSystemTime(new Date('2026-11-23T08:00:50Z'));
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(email, 'still wrong')).status).toBe(429);
    expect((await signIn(email, TEST_PASSWORD)).headers['retry-after']).toBe('10');

    vi.setSystemTime(new Date('2026-11-23T08:01:01Z'));
    expect((await signIn(email, 'wrong once more')).status).toBe(401);
    const relocked = await signIn(email, TEST_PASSWORD);
    expect(relocked.status).toBe(429);
    expect(relocked.headers['retry-after']).toBe('120');

    vi.setSystemTime(new Date('2026-11-23T08:03:02Z'));
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
    // A success starts the count again.
    expect((await signIn(email, 'wrong')).status).toBe(401);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });
});
