import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, csrfAgent, signedInAgent, TEST_PASSWORD } from '../../testing/accounts';
import { ACCOUNT_FAILURE_CEILING, LOCKOUT_MAX_MS, lockoutDuration } from './sign-in.service';
import { parseRateLimits } from '../../config/rate-limits';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMITS: 'signInPerAccount=3/15m,signInPerAddress=100/15m,verificationSendPerEmail=2/10m,passwordResetPerEmail=2/1h,writesPerAccount=5/10m' });
  await createTestUser(testApp.db, { email: 'target@example.com' });
});
afterAll(() => testApp.close());

describe('rate limits', () => {
  it('answers 429 with Retry-After once an account has had too many sign-in attempts', async () => {
    const agent = await csrfAgent(testApp.app);
    for (let attempt = 0; attempt < 3; attempt++) await agent.post('/api/auth/signin').send({ email: 'target@example.com', password: 'wrong guess' });
    const response = await agent.post('/api/auth/signin').send({ email: 'target@example.com', password: TEST_PASSWORD });
    expect(response.status).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body.error).toBe('too_many_requests');
    expect(response.body.message).toMatch(/^Too many sign-in attempts for this account\. Please try again in \d+ minutes?\.$/);
  });

  it('limits verification codes per address', async () => {
    const agent = await csrfAgent(testApp.app);
    const send = () => agent.post('/api/auth/email-verification/send').send({ email: 'spam@example.com', firstName: 'S', lastName: 'P' });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const third = await send();
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('limits password resets per address', async () => {
    const agent = await csrfAgent(testApp.app);
    const ask = () => agent.post('/api/auth/password-reset/request').send({ email: 'target@example.com' });
    await ask();
    await ask();
    expect((await ask()).status).toBe(429);
  });

  it('reads limits from RATE_LIMITS and names a mistake', () => {
    expect(parseRateLimits('signInPerAddress=5/2h').signInPerAddress).toEqual({ limit: 5, windowMs: 2 * 3_600_000 });
    expect(() => parseRateLimits('signIn=5/2h')).toThrow(/'signIn=5\/2h' is not/);
  });

  it('switches every limit off with RATE_LIMIT_DISABLED', async () => {
    const unlimited = await createTestApp({ RATE_LIMIT_DISABLED: '1', RATE_LIMITS: 'signInPerAccount=1/15m' });
    try {
      const agent = await csrfAgent(unlimited.app);
      for (let attempt = 0; attempt < 3; attempt++) expect((await agent.post('/api/auth/signin').send({ email: 'x@example.com', password: 'nope' })).status).toBe(401);
    } finally {
      await unlimited.close();
    }
  });
});

describe('limits per account as well as per address', () => {
  it('refuses a signed-in account’s changes past writesPerAccount, not its reads, and not another account’s', async () => {
    await createTestUser(testApp.db, { email: 'busy-writer@example.com' });
    await createTestUser(testApp.db, { email: 'calm-writer@example.com' });
    const busy = await signedInAgent(testApp.app, 'busy-writer@example.com');
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await busy.put('/api/user').send({ businessName: `Farm ${index}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await busy.put('/api/user').send({ businessName: 'Farm 7' });
    expect(refused.body.message).toMatch(/^Too many changes were sent from this account in a short time\. Please try again in \d+ minutes?\.$/);
    expect((await busy.get('/api/user')).status).toBe(200);
    const calm = await signedInAgent(testApp.app, 'calm-writer@example.com');
    expect((await calm.put('/api/user').send({ businessName: 'Calm Farm' })).status).toBe(200);
  });

  it('refuses sign-in to an address after 100 failures in an hour from every client address together, known or not, until a password reset', async () => {
    const owner = await createTestUser(testApp.db, { email: 'spread-guess@example.com' });
    // Guesses from a hundred addresses, each under its own lock's threshold.
    const guesses = (email: string) =>
      Array.from({ length: ACCOUNT_FAILURE_CEILING }, (_, index) => ({
        type: 'sign_in_failure',
        email,
        ip: `203.0.113.${index}`,
        details: { reason: 'wrong_password' },
        createdAt: new Date(Date.now() - 60_000),
      }));
    await testApp.db.securityEvent.createMany({ data: [...guesses('spread-guess@example.com'), ...guesses('no-account@example.com')] });
    const known = await (await csrfAgent(testApp.app)).post('/api/auth/signin').send({ email: 'spread-guess@example.com', password: TEST_PASSWORD });
    const unknown = await (await csrfAgent(testApp.app)).post('/api/auth/signin').send({ email: 'no-account@example.com', password: TEST_PASSWORD });
    for (const refused of [known, unknown]) {
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('account_locked');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_000);
    }
    expect(unknown.body.message).toBe(known.body.message);
    // A reset starts the count afresh.
    await testApp.db.user.update({ where: { id: owner.id }, data: { sessionsValidFrom: new Date() } });
    expect((await (await csrfAgent(testApp.app)).post('/api/auth/signin').send({ email: 'spread-guess@example.com', password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe('lockout', () => {
  it('locks for a minute after 5 failures in a row, doubling to at most 15 minutes', () => {
    expect(lockoutDuration(4)).toBe(0);
    expect(lockoutDuration(5)).toBe(60_000);
    expect(lockoutDuration(6)).toBe(120_000);
    expect(lockoutDuration(20)).toBe(LOCKOUT_MAX_MS);
  });
  // Locks themselves, their races and their clock: counters.test.ts.
});

describe('sessions', () => {
  it('ends a session past its absolute lifetime even when active', async () => {
    await createTestUser(testApp.db, { email: 'old-session@example.com' });
    const agent = await signedInAgent(testApp.app, 'old-session@example.com');
    const row = await testApp.db.session.findFirstOrThrow({ where: { data: { contains: '"signedInAt"' } }, orderBy: { expiresAt: 'desc' } });
    const data = JSON.parse(row.data);
    data.signedInAt = Date.now() - 8 * 24 * 3_600_000;
    await testApp.db.session.update({ where: { id: row.id }, data: { data: JSON.stringify(data) } });
    expect((await agent.get('/api/auth/session')).body).toEqual({});
  });
});
