import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteJobQueue } from '../../jobs/sqlite-job-queue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { decodeQuotedPrintable, verificationCodeIn } from '../../testing/mail-text';
import { startSmtpServer } from '../../testing/services';
import { createTestUser, csrfAgent, latestCodeTo, latestEmailTo, refreshCsrf, signedInAgent, TEST_PASSWORD, waitForEmailTo } from '../../testing/accounts';

let testApp: TestApp;
let outbox: string;
beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMITS: 'verificationSendPerEmail=50/10m,verificationSendPerAddress=100/1h,verificationCheckPerAddress=200/15m,signInPerAddress=200/15m,signInPerAccount=100/15m' });
  outbox = testApp.env.MAIL_OUTBOX_DIR;
  await createTestUser(testApp.db, { email: 'taken@example.com' });
  await createTestUser(testApp.db, { email: 'partner@example.com', referrerCode: 'WHEATBELT' });
});
afterAll(() => testApp.close());

const registration = (email: string, verificationToken: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Sam',
  lastName: 'Farmer',
  email,
  phone: '0412 345 678',
  businessName: 'Farmer Pastoral Co',
  abn: '51 824 753 556',
  password: 'paddock gate left open',
  verificationToken,
  ...extra,
});

async function verifiedToken(agent: Awaited<ReturnType<typeof csrfAgent>>, email: string) {
  await agent.post('/api/auth/email-verification/send').send({ email, firstName: 'Sam', lastName: 'Farmer' }).expect(200);
  const response = await agent.post('/api/auth/email-verification/verify').send({ email, code: latestCodeTo(outbox, email) });
  return response.body.verificationToken as string;
}

describe('registration with e-mail verification', () => {
  it('e-mails a 6-digit code, verifies it, registers and signs the member in', async () => {
    const agent = await csrfAgent(testApp.app);
    const sent = await agent.post('/api/auth/email-verification/send').send({ email: 'sam@example.com', firstName: 'Sam', lastName: 'Farmer' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      success: true,
      message: 'We sent a 6-digit code to sam@example.com. It is valid for 10 minutes. If that address already has an account, we e-mailed it how to sign in instead.',
      expiresInSeconds: 600,
    });
    const mail = latestEmailTo(outbox, 'sam@example.com');
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    const verified = await agent.post('/api/auth/email-verification/verify').send({ email: 'sam@example.com', code: latestCodeTo(outbox, 'sam@example.com') });
    expect(verified.body).toEqual({ success: true, verificationToken: expect.any(String) });
    const registered = await agent.post('/api/auth/register').send(registration('sam@example.com', verified.body.verificationToken, { referrerCode: 'wheatbelt', allowMarketing: true }));
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      success: true,
      user: { email: 'sam@example.com', firstName: 'Sam', emailVerified: true, abn: '51824753556', referredByCode: 'WHEATBELT', allowMarketing: true, isAdmin: false },
    });
    expect((await agent.get('/api/auth/session')).body.user.email).toBe('sam@example.com');
    const stored = await testApp.db.user.findUniqueOrThrow({ where: { email: 'sam@example.com' } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers an address that is already registered as any other, and tells its owner by e-mail instead', async () => {
    const agent = await csrfAgent(testApp.app);
    const response = await agent.post('/api/auth/email-verification/send').send({ email: 'Taken@example.com', firstName: 'T', lastName: 'U' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'We sent a 6-digit code to taken@example.com. It is valid for 10 minutes. If that address already has an account, we e-mailed it how to sign in instead.',
      expiresInSeconds: 600,
    });
    const mail = latestEmailTo(outbox, 'taken@example.com');
    expect(mail).toContain('Subject: You already have a Grain Growers Mutual account');
    expect(mail).toContain('/auth/forgot-password');
    expect(mail).not.toContain('code to verify');
  });

  it('counts wrong codes down from 5 tries and then needs a new code', async () => {
    const agent = await csrfAgent(testApp.app);
    await agent.post('/api/auth/email-verification/send').send({ email: 'tries@example.com', firstName: 'T', lastName: 'R' });
    const right = latestCodeTo(outbox, 'tries@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const first = await agent.post('/api/auth/email-verification/verify').send({ email: 'tries@example.com', code: wrong });
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('That code is not right. You have 4 tries left.');
    for (let attempt = 2; attempt <= 5; attempt++) await agent.post('/api/auth/email-verification/verify').send({ email: 'tries@example.com', code: wrong });
    const exhausted = await agent.post('/api/auth/email-verification/verify').send({ email: 'tries@example.com', code: right });
    expect(exhausted.status).toBe(400);
    expect(exhausted.body.error).toBe('code_attempts_exhausted');
  });

  it('takes only the newest code once a new one has gone', async () => {
    const agent = await csrfAgent(testApp.app);
    const ask = async () => {
      await agent.post('/api/auth/email-verification/send').send({ email: 'twice@example.com', firstName: 'T', lastName: 'W' }).expect(200);
      return latestCodeTo(outbox, 'twice@example.com');
    };
    const first = await ask();
    let second = await ask();
    // Two codes alike (one in a million) would prove nothing: asked again until they differ.
    while (second === first) second = await ask();
    const refused = await agent.post('/api/auth/email-verification/verify').send({ email: 'twice@example.com', code: first });
    expect(refused.body.message).toBe('That code is not right. You have 4 tries left.');
    const verified = await agent.post('/api/auth/email-verification/verify').send({ email: 'twice@example.com', code: second });
    expect(verified.body).toEqual({ success: true, verificationToken: expect.any(String) });
  });

  it('refuses an expired code', async () => {
    const agent = await csrfAgent(testApp.app);
    await agent.post('/api/auth/email-verification/send').send({ email: 'late@example.com', firstName: 'L', lastName: 'A' });
    await testApp.db.emailVerification.updateMany({ where: { email: 'late@example.com' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await agent.post('/api/auth/email-verification/verify').send({ email: 'late@example.com', code: latestCodeTo(outbox, 'late@example.com') });
    expect(response.body.error).toBe('code_expired');
  });

  it('refuses a common password, a short one and a missing verification', async () => {
    const agent = await csrfAgent(testApp.app);
    const token = await verifiedToken(agent, 'weak@example.com');
    const common = await agent.post('/api/auth/register').send(registration('weak@example.com', token, { password: 'Password123' }));
    expect(common.status).toBe(400);
    expect(common.body.issues).toEqual([{ path: 'password', message: expect.stringContaining('commonly used') }]);
    const short = await agent.post('/api/auth/register').send(registration('weak@example.com', token, { password: 'short' }));
    expect(short.body.issues[0].path).toBe('password');
    const unverified = await agent.post('/api/auth/register').send(registration('other@example.com', token));
    expect(unverified.status).toBe(400);
    expect(unverified.body.error).toBe('email_not_verified');
  });

  it('refuses an unknown referrer code with a sentence', async () => {
    const agent = await csrfAgent(testApp.app);
    const token = await verifiedToken(agent, 'refd@example.com');
    const response = await agent.post('/api/auth/register').send(registration('refd@example.com', token, { referrerCode: 'NOPE123' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('NOPE123 is not recognised');
  });
});

describe('a code asked for again that cannot go', () => {
  let relay: Awaited<ReturnType<typeof startSmtpServer>>;
  let withRelay: TestApp;
  beforeAll(async () => {
    relay = await startSmtpServer();
    withRelay = await createTestApp({ SMTP_URL: relay.url });
    await createTestUser(withRelay.db, { email: 'relay-mover@example.com', firstName: 'Robin' });
  });
  afterAll(async () => {
    await withRelay.close();
    await relay.dispose();
  });
  /** The code in the newest e-mail the relay took for the address. */
  const codeReceivedBy = (address: string) => {
    const mail = relay.received.findLast((received) => received.to.includes(address));
    return verificationCodeIn(decodeQuotedPrintable(mail?.raw ?? ''));
  };
  /** `ask` once with the relay stopped: a 503 with the sentence to try again in a minute. */
  const refusedWhileTheRelayIsDown = async (ask: () => Promise<{ status: number; body: { message?: string } }>) => {
    await relay.stop();
    try {
      const refused = await ask();
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe('We could not send the code just now; try again in a minute.');
    } finally {
      await relay.start();
    }
  };

  it('is forgotten when the mail relay is down, so the code already in the inbox still registers', async () => {
    const agent = await csrfAgent(withRelay.app);
    const ask = () => agent.post('/api/auth/email-verification/send').send({ email: 'robin@example.com', firstName: 'Robin', lastName: 'Reed' });
    expect((await ask()).status).toBe(200);
    const code = codeReceivedBy('robin@example.com');
    await refusedWhileTheRelayIsDown(ask);
    const verified = await agent.post('/api/auth/email-verification/verify').send({ email: 'robin@example.com', code });
    expect(verified.body).toEqual({ success: true, verificationToken: expect.any(String) });
  });

  it('is forgotten when the mail relay is down, so the code already in the inbox still changes the address on the profile', async () => {
    const agent = await signedInAgent(withRelay.app, 'relay-mover@example.com');
    const ask = () => agent.put('/api/user').send({ email: 'relay-moved@example.com', currentPassword: TEST_PASSWORD });
    expect((await ask()).status).toBe(200);
    const code = codeReceivedBy('relay-moved@example.com');
    await refusedWhileTheRelayIsDown(ask);
    const confirmed = await agent.post('/api/user/email/confirm').send({ code });
    expect(confirmed.body.user).toMatchObject({ email: 'relay-moved@example.com', pendingEmail: null });
  });

  it('is answered as sent, and works, when the earlier codes cannot be deleted after it has gone', async () => {
    const agent = await csrfAgent(withRelay.app);
    const ask = () => agent.post('/api/auth/email-verification/send').send({ email: 'reed@example.com', firstName: 'Reed', lastName: 'Rowe' });
    expect((await ask()).status).toBe(200);
    const lift = await refuseWritesOf(withRelay.db, withRelay.env.DATABASE_URL, 'EmailVerification', 'DELETE');
    try {
      expect((await ask()).status).toBe(200);
    } finally {
      await lift();
    }
    const verified = await agent.post('/api/auth/email-verification/verify').send({ email: 'reed@example.com', code: codeReceivedBy('reed@example.com') });
    expect(verified.body).toEqual({ success: true, verificationToken: expect.any(String) });
  });

  it('leaves the code already in the inbox working when the database cannot keep the new one', async () => {
    const agent = await csrfAgent(withRelay.app);
    const ask = () => agent.post('/api/auth/email-verification/send').send({ email: 'rowan@example.com', firstName: 'Rowan', lastName: 'Reed' });
    expect((await ask()).status).toBe(200);
    const code = codeReceivedBy('rowan@example.com');
    const lift = await refuseWritesOf(withRelay.db, withRelay.env.DATABASE_URL, 'EmailVerification', 'INSERT');
    try {
      expect((await ask()).status).toBe(500);
    } finally {
      await lift();
    }
    const verified = await agent.post('/api/auth/email-verification/verify').send({ email: 'rowan@example.com', code });
    expect(verified.body).toEqual({ success: true, verificationToken: expect.any(String) });
  });
});

describe('password reset', () => {
  it('e-mails a single-use link that sets a new password and ends other sessions', async () => {
    await createTestUser(testApp.db, { email: 'forgetful@example.com' });
    const otherDevice = await signedInAgent(testApp.app, 'forgetful@example.com');
    const agent = await csrfAgent(testApp.app);
    const requested = await agent.post('/api/auth/password-reset/request').send({ email: 'forgetful@example.com' });
    expect(requested.body.success).toBe(true);
    const token = /reset-password\?token=([\w-]+)/.exec(await waitForEmailTo(outbox, 'forgetful@example.com'))![1]!;
    // Its e-mail is never sent after the link stops working (a relay down for longer: cancelled, mail-queue.test.ts).
    const link = await testApp.db.passwordResetToken.findFirstOrThrow({ where: { user: { email: 'forgetful@example.com' } } });
    expect((await testApp.db.queuedEmail.findFirstOrThrow({ where: { toAddress: 'forgetful@example.com' } })).sendBy).toEqual(link.expiresAt);
    const reset = await agent.post('/api/auth/password-reset/confirm').send({ token, password: 'a brand new long passphrase' });
    expect(reset.body).toEqual({ success: true, message: 'Your password has been changed. You can sign in with it now.', signInPath: '/auth/signin' });
    const again = await agent.post('/api/auth/password-reset/confirm').send({ token, password: 'another new long passphrase' });
    expect(again.body.error).toBe('reset_link_invalid');
    expect((await otherDevice.get('/api/auth/session')).body).toEqual({});
    await signedInAgent(testApp.app, 'forgetful@example.com', 'a brand new long passphrase');
  });

  it('sends a referrer partner with their new password to their own sign-in page, where their welcome e-mail says they sign in', async () => {
    const agent = await csrfAgent(testApp.app);
    await agent.post('/api/auth/password-reset/request').send({ email: 'partner@example.com' }).expect(200);
    const token = /reset-password\?token=([\w-]+)/.exec(await waitForEmailTo(outbox, 'partner@example.com'))![1]!;
    const reset = await agent.post('/api/auth/password-reset/confirm').send({ token, password: 'a partner’s long passphrase' });
    expect(reset.body).toEqual({ success: true, message: 'Your password has been changed. You can sign in with it now.', signInPath: '/auth/referrer-signin' });
  });

  it('answers the same for an unknown address', async () => {
    const agent = await csrfAgent(testApp.app);
    const response = await agent.post('/api/auth/password-reset/request').send({ email: 'nobody@example.com' });
    expect(response.body).toEqual({ success: true, message: expect.stringContaining('If an account exists for nobody@example.com') });
  });
});

describe('a reset link made after the answer', () => {
  let now = new Date();
  // Jobs stepped by hand (runDueJobs), so the minute a retry waits passes at once.
  let stepped: TestApp;
  beforeAll(async () => {
    stepped = await createTestApp({}, { jobClock: () => now });
  });
  afterAll(() => stepped.close());
  const runJobsMinutesLater = async (minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000);
    await (stepped.context.jobs as SqliteJobQueue).runDueJobs();
  };
  /** Asks for a reset link for `email` while the database refuses `write`, and runs the job that makes it. */
  const askWhileRefused = async (email: string, write: Parameters<typeof refuseWritesOf>) => {
    const lift = await refuseWritesOf(...write);
    try {
      const requested = await (await csrfAgent(stepped.app)).post('/api/auth/password-reset/request').send({ email });
      expect(requested.body).toEqual({ success: true, message: `If an account exists for ${email}, we have sent it a link to reset the password. The link works once, within an hour.` });
      await runJobsMinutesLater(0);
    } finally {
      await lift();
    }
  };
  /** The link in the reset e-mail to `email`, after checking it is the only one, spent on a new password. */
  const resetWithTheOneLink = async (email: string) => {
    expect(await stepped.db.queuedEmail.count({ where: { toAddress: email } })).toBe(1);
    const token = /reset-password\?token=([\w-]+)/.exec(latestEmailTo(stepped.env.MAIL_OUTBOX_DIR, email))![1]!;
    const reset = await (await csrfAgent(stepped.app)).post('/api/auth/password-reset/confirm').send({ token, password: 'a brand new long passphrase' });
    expect(reset.body).toMatchObject({ success: true, signInPath: '/auth/signin' });
  };

  it('is made and mailed a minute later when the database refused it just after the answer', async () => {
    await createTestUser(stepped.db, { email: 'unlucky@example.com', firstName: 'Una' });
    await askWhileRefused('unlucky@example.com', [stepped.db, stepped.env.DATABASE_URL, 'PasswordResetToken', 'INSERT']);
    expect(await stepped.db.passwordResetToken.count({ where: { user: { email: 'unlucky@example.com' } } })).toBe(0);
    await runJobsMinutesLater(1);
    await runJobsMinutesLater(2);
    await resetWithTheOneLink('unlucky@example.com');
  });

  it('is made once when its job is tried again after it had been made', async () => {
    await createTestUser(stepped.db, { email: 'twice@example.com', firstName: 'Tam' });
    // The job makes the link and queues its e-mail, but cannot be marked done: it is tried again.
    await askWhileRefused('twice@example.com', [stepped.db, stepped.env.DATABASE_URL, 'BackgroundJob', 'UPDATE', `NEW."state" = 'completed' AND NEW."queue" = 'password-reset.mail'`]);
    await runJobsMinutesLater(1);
    await runJobsMinutesLater(2);
    expect(await stepped.db.passwordResetToken.count({ where: { user: { email: 'twice@example.com' } } })).toBe(1);
    await resetWithTheOneLink('twice@example.com');
  });
});

describe('the member profile', () => {
  it('updates the profile and holds a new address until its code is entered', async () => {
    await createTestUser(testApp.db, { email: 'mover@example.com', firstName: 'Mo' });
    const agent = await signedInAgent(testApp.app, 'mover@example.com');
    const updated = await agent.put('/api/user').send({ businessName: 'Mover Farms', email: 'new-mover@example.com', currentPassword: TEST_PASSWORD });
    expect(updated.body).toMatchObject({ success: true, user: { email: 'mover@example.com', pendingEmail: 'new-mover@example.com', businessName: 'Mover Farms' } });
    const confirmed = await agent.post('/api/user/email/confirm').send({ code: latestCodeTo(outbox, 'new-mover@example.com') });
    expect(confirmed.body.user).toMatchObject({ email: 'new-mover@example.com', pendingEmail: null });
  });

  it('leaves the token and the code unspent when the database fails to keep what they allow, so sending again works', async () => {
    const refusing = async <T>(table: string, operation: 'INSERT' | 'UPDATE', run: () => Promise<T>) => {
      const lift = await refuseWritesOf(testApp.db, testApp.env.DATABASE_URL, table, operation);
      try {
        return await run();
      } finally {
        await lift();
      }
    };
    // A registration whose account the database refuses: answered as our fault, and the same token registers next time.
    const agent = await csrfAgent(testApp.app);
    const token = await verifiedToken(agent, 'retry@example.com');
    const refused = await refusing('User', 'INSERT', () => agent.post('/api/auth/register').send(registration('retry@example.com', token)));
    expect(refused.status).toBe(500);
    const registered = await agent.post('/api/auth/register').send(registration('retry@example.com', token));
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ email: 'retry@example.com' });

    // A change of address whose move the database refuses: the same code confirms it next time.
    await createTestUser(testApp.db, { email: 'mover-again@example.com' });
    const mover = await signedInAgent(testApp.app, 'mover-again@example.com');
    await mover.put('/api/user').send({ email: 'moved-again@example.com', currentPassword: TEST_PASSWORD }).expect(200);
    const code = latestCodeTo(outbox, 'moved-again@example.com');
    expect((await refusing('User', 'UPDATE', () => mover.post('/api/user/email/confirm').send({ code }))).status).toBe(500);
    const confirmed = await mover.post('/api/user/email/confirm').send({ code });
    expect(confirmed.body.user).toMatchObject({ email: 'moved-again@example.com', pendingEmail: null });
  });

  it('changes the password only with the current one', async () => {
    await createTestUser(testApp.db, { email: 'changer@example.com' });
    const agent = await signedInAgent(testApp.app, 'changer@example.com');
    const wrong = await agent.put('/api/user/password').send({ currentPassword: 'guess', newPassword: 'a new long passphrase here' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0]).toEqual({ path: 'currentPassword', message: 'Your current password is not right.' });
    const changed = await agent.put('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword: 'a new long passphrase here' });
    expect(changed.status).toBe(200);
    await refreshCsrf(agent);
    expect((await agent.get('/api/user')).status).toBe(200);
    const events = await testApp.db.securityEvent.findMany({ where: { email: 'changer@example.com', type: 'password_changed' } });
    expect(events).toHaveLength(1);
  });
});
