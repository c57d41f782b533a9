import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as password from '../../lib/password';
import { createTestUser, latestEmailTo, signedInAgent, TEST_PASSWORD, waitForEmailTo } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Sign-in, password reset and registration answer alike whether or not an
 * account exists, after the same work; an e-mail change needs the current password and is told to
 * the old address.
 */
vi.mock('../../lib/password', { spy: true });

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    TRUST_PROXY: '1',
    RATE_LIMITS:
      'signInPerAccount=1000/15m,signInPerAddress=1000/15m,verificationSendPerEmail=100/10m,verificationSendPerAddress=100/1h,verificationCheckPerAddress=100/15m,passwordResetPerEmail=100/1h,passwordResetPerAddress=100/1h',
  });
  await createTestUser(testApp.db, { email: 'member@example.com', firstName: 'Mem' });
});
afterAll(() => testApp.close());
beforeEach(() => vi.mocked(password.verifyPassword).mockClear());

const post = (path: string, body: object, from = '203.0.113.50') => request(testApp.app).post(path).set('Sec-Fetch-Site', 'same-origin').set('X-Forwarded-For', from).send(body);
const answer = (response: request.Response) => ({ status: response.status, body: response.body as unknown, retryAfter: response.headers['retry-after'] });

describe('sign-in', () => {
  it('answers an unknown address exactly as a wrong password, lockout included', async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      known.push(answer(await post('/api/auth/signin', { email: 'member@example.com', password: 'not it' }, '203.0.113.1')));
      unknown.push(answer(await post('/api/auth/signin', { email: 'nobody-here@example.com', password: 'not it' }, '203.0.113.1')));
    }
    expect(unknown).toEqual(known);
    expect(known[0]).toEqual({ status: 401, body: { error: 'invalid_credentials', message: 'The e-mail address or password is not right. Check them and try again.' }, retryAfter: undefined });
    expect(known[5]).toMatchObject({ status: 429, body: { error: 'account_locked' } });
  });

  it('does the same argon2 verify for an unknown address as for a known one', async () => {
    await post('/api/auth/signin', { email: 'member@example.com', password: 'not it' }, '203.0.113.2');
    await post('/api/auth/signin', { email: 'nobody-here@example.com', password: 'not it' }, '203.0.113.2');
    const calls = vi.mocked(password.verifyPassword).mock.calls;
    expect(calls).toHaveLength(2);
    for (const [hash, given] of calls) {
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(given).toBe('not it');
    }
  });
});

describe('password reset request', () => {
  it('answers alike, after the same writes, without waiting for the e-mail, so a slow mail server tells nothing', async () => {
    const resetJobs = async () => (await testApp.context.jobs.counts()).filter((count) => count.queue === 'password-reset.mail').reduce((sum, count) => sum + count.count, 0);
    const securityEvents = () => testApp.db.securityEvent.count({ where: { type: 'password_reset_requested' } });
    const unknown = await post('/api/auth/password-reset/request', { email: 'nobody-here@example.com' });
    // Its security event and its job, as for an address with an account (which the job finds none for).
    expect([await securityEvents(), await resetJobs()]).toEqual([1, 1]);
    // A mail server that never answers: the member's request must not wait for it. It gives up when
    // the test is over, so the job waiting on it ends rather than holding the app's close for its 30 s.
    const sends: string[] = [];
    const givingUp: Array<() => void> = [];
    const send = vi.spyOn(testApp.context.mailer, 'send').mockImplementation((message) => {
      sends.push(message.to);
      return new Promise((_, reject) => givingUp.push(() => reject(new Error('The mail server never answered.'))));
    });
    try {
      const known = await post('/api/auth/password-reset/request', { email: 'member@example.com' }).timeout(3_000);
      expect({ status: known.status, body: known.body }).toEqual({ status: unknown.status, body: { ...unknown.body, message: unknown.body.message.replace('nobody-here@example.com', 'member@example.com') } });
      expect(known.status).toBe(200);
      await vi.waitFor(() => expect(sends).toEqual(['member@example.com']));
      expect([await securityEvents(), await resetJobs()]).toEqual([2, 2]);
    } finally {
      send.mockRestore();
      for (const giveUp of givingUp) giveUp();
    }
  });
});

describe('registration', () => {
  it('answers alike whether or not the address has an account, and tells only the owner', async () => {
    const fresh = await post('/api/auth/email-verification/send', { email: 'fresh@example.com', firstName: 'Fre', lastName: 'Sh' });
    const taken = await post('/api/auth/email-verification/send', { email: 'member@example.com', firstName: 'Fre', lastName: 'Sh' });
    expect(answer(taken)).toEqual({ ...answer(fresh), body: { ...fresh.body, message: fresh.body.message.replace('fresh@example.com', 'member@example.com') } });
    expect(latestEmailTo(testApp.env.MAIL_OUTBOX_DIR, 'member@example.com')).toContain('It already belongs to your account');

    const registration = (email: string) => ({ firstName: 'Fre', lastName: 'Sh', email, phone: '0412 345 678', password: 'a long enough passphrase', verificationToken: 'guessed-token' });
    const registerFresh = await post('/api/auth/register', registration('fresh@example.com'));
    const registerTaken = await post('/api/auth/register', registration('member@example.com'));
    expect(answer(registerTaken)).toEqual(answer(registerFresh));
    expect(registerTaken.body.error).toBe('email_not_verified');
  });
});

describe('changing the account e-mail', () => {
  it('needs the current password, with a sentence beside the field', async () => {
    await createTestUser(testApp.db, { email: 'stays@example.com' });
    const agent = await signedInAgent(testApp.app, 'stays@example.com');
    const missing = await agent.put('/api/user').send({ email: 'hijacker@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ path: 'currentPassword', message: 'Enter your current password to change your e-mail address.' }]);
    const wrong = await agent.put('/api/user').send({ email: 'hijacker@example.com', currentPassword: 'a guess' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'currentPassword', message: 'Your current password is not right.' }]);
    expect((await testApp.db.user.findUniqueOrThrow({ where: { email: 'stays@example.com' } })).pendingEmail).toBeNull();
    // Other changes need no password.
    expect((await agent.put('/api/user').send({ businessName: 'Stays Farming', email: 'stays@example.com' })).status).toBe(200);
  });

  it('answers a registered address as any other, so the change cannot tell who has an account, and tells its owner by e-mail', async () => {
    await createTestUser(testApp.db, { email: 'prober@example.com' });
    await createTestUser(testApp.db, { email: 'alice@farm.example', firstName: 'Alice' });
    const prober = await signedInAgent(testApp.app, 'prober@example.com');
    const free = await prober.put('/api/user').send({ email: 'nobody-yet@farm.example', currentPassword: TEST_PASSWORD });
    const taken = await prober.put('/api/user').send({ email: 'alice@farm.example', currentPassword: TEST_PASSWORD });
    const shape = (response: { status: number; body: { message?: string; user?: { pendingEmail?: string | null } } }) => ({
      status: response.status,
      message: response.body.message?.replace(/\S+@farm\.example/g, '<address>'),
      pending: response.body.user?.pendingEmail?.replace(/\S+@farm\.example/g, '<address>'),
    });
    expect(shape(taken)).toEqual(shape(free));
    expect(taken.status).toBe(200);
    // The owner of the address is told; no code goes to it, so the change can never be confirmed.
    const owner = await waitForEmailTo(testApp.env.MAIL_OUTBOX_DIR, 'alice@farm.example');
    expect(owner).toContain('Subject: Someone tried to use your e-mail address');
    expect(owner).not.toMatch(/code is \d{6}/);
    expect((await testApp.db.user.findUniqueOrThrow({ where: { email: 'alice@farm.example' } })).email).toBe('alice@farm.example');
    const confirm = await prober.post('/api/user/email/confirm').send({ code: '000000' });
    expect(confirm.status).toBe(400);
    expect((await testApp.db.user.findUniqueOrThrow({ where: { email: 'prober@example.com' } })).email).toBe('prober@example.com');
  });

  it('tells the old address when the change is asked for', async () => {
    await createTestUser(testApp.db, { email: 'old-address@example.com', firstName: 'Olive' });
    const agent = await signedInAgent(testApp.app, 'old-address@example.com');
    const changed = await agent.put('/api/user').send({ email: 'new-address@example.com', currentPassword: TEST_PASSWORD });
    expect(changed.status).toBe(200);
    const notice = await waitForEmailTo(testApp.env.MAIL_OUTBOX_DIR, 'old-address@example.com');
    expect(notice).toContain('Subject: Your Grain Growers Mutual e-mail address is being changed');
    expect(notice).toContain('Your account asked to use new-address@example.com instead of this address.');
  });
});
