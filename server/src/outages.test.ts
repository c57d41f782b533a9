/**
 * The real server against its own PostgreSQL cluster, Redis and SMTP server, each stopped and
 * started again while the server runs, as a real week brings (docs/operations.md, "Outages"):
 * outages answer 503 with a sentence and Retry-After, readiness turns red and then green by itself,
 * what was saved before is still there, and SIGTERM ends the process within its grace period
 * whatever is down. Runs under `npm run test:pg` (TEST_DATABASE=postgresql).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_MESSAGES } from '@shared/contracts/api-error';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@shared/contracts/idempotency-headers';
import { type RunningServer, startServer } from './testing/server-process';
import { type CuttableNetwork, startPostgresCluster, startRedis, startSmtpServer, startTcpProxy, type StoppableService, waitUntil } from './testing/services';
import { Visitor } from './testing/visitor';

const ADMIN = { email: 'outages.admin@example.com', password: 'a-long-admin-password-for-outages' };
const GRACE_SECONDS = 3;
const RESET_SUBJECT = 'Subject: Reset your Grain Growers Mutual password';
const QUOTE = { coverageType: 'hail', zone: 'CWB', cropAllocations: [{ type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 0 }] };

type Readiness = { status: string; checks: Record<string, { ok: boolean; detail?: string }> };

async function readiness(server: RunningServer): Promise<{ status: number; body: Readiness }> {
  const response = await fetch(`${server.baseUrl}/api/ready`).catch((error: unknown) => {
    throw new Error(`GET /api/ready got no answer: ${error instanceof Error ? `${error.message} (${String(error.cause)})` : String(error)}`, { cause: error });
  });
  return { status: response.status, body: (await response.json()) as Readiness };
}

/** Readiness green again with nothing but time passing (how long it takes is measured by bench/recovery.ts). */
async function readyAgain(server: RunningServer): Promise<void> {
  await waitUntil('readiness green again', async () => (await readiness(server)).status === 200, 30_000);
}

/** With `service` down, SIGTERM ends the process within its grace period; the service is started again after. */
async function stopsInTimeWithout(server: RunningServer, service: StoppableService): Promise<void> {
  await service.stop();
  const started = Date.now();
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  await exited;
  expect((Date.now() - started) / 1000).toBeLessThanOrEqual(GRACE_SECONDS + 1);
  await service.start();
}

function expectOutage(response: { status: number; body: Record<string, unknown>; headers: Headers }, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(503);
  expect(response.body['message']).toBe(message);
  expect(response.headers.get('retry-after')).toBe('30');
}

/** Sends `request` with the network holding the service's answers, so it waits on one, then cuts the network under it; answers its answer. */
async function cutWhileWaiting<T>(network: CuttableNetwork, request: () => Promise<T>): Promise<T> {
  network.hold();
  const waiting = request();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await network.cut();
  return waiting;
}

describe.runIf(process.env.TEST_DATABASE === 'postgresql')('outages of the services the server depends on', { timeout: 240_000 }, () => {
  let postgres: Awaited<ReturnType<typeof startPostgresCluster>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const services: StoppableService[] = [];
  const servers: RunningServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServer(env);
    servers.push(server);
    return server;
  };

  async function newDatabase(name: string): Promise<string> {
    const admin = new pg.Client({ connectionString: postgres.url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return postgres.url(name);
  }

  const serverEnv = (databaseUrl: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: 'a-session-secret-for-the-outage-tests',
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    ...extra,
  });

  beforeAll(async () => {
    [postgres, redis, smtp] = await Promise.all([startPostgresCluster(), startRedis(), startSmtpServer()]);
    services.push(postgres, redis, smtp);
  });
  afterAll(async () => {
    // A server a failed test left running is killed, not waited for.
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(services.map((service) => service.dispose()));
  });

  it('Redis away: a signed-in call answers 503 with a sentence, visitors still price, readiness turns red and green by itself, and SIGTERM ends the process in time', async () => {
    const server = await start(serverEnv(await newDatabase('redis_outage'), { REDIS_URL: redis.url }));
    const member = new Visitor();
    expect((await member.signIn(server, ADMIN.email, ADMIN.password)).status).toBe(200);

    await redis.stop();
    const asked = Date.now();
    expectOutage(await member.call(server, 'GET', '/api/auth/session'), OUTAGE_MESSAGES.redis);
    expect(Date.now() - asked, 'a call while Redis is away fails fast').toBeLessThan(2_000);
    const visitor = new Visitor();
    await visitor.refreshCsrf(server);
    expect((await visitor.call(server, 'POST', '/api/pricing/calculate', QUOTE)).status).toBe(200);
    const red = await readiness(server);
    expect(red.status).toBe(503);
    expect(red.body.checks['sharedState']).toEqual({ ok: false, detail: 'Redis cannot be reached.' });

    await redis.start();
    await readyAgain(server);
    // The session was kept by Redis (append-only file) and is honoured again, by the same process.
    expect(((await member.call(server, 'GET', '/api/auth/session')).body['user'] as { email: string }).email).toBe(ADMIN.email);

    await stopsInTimeWithout(server, redis);
  });

  it('PostgreSQL restarted: staff lists answer 503 with a sentence, readiness names the database (not migrations), turns green by itself, what was saved is still there, and a callback pressed again is kept once, with its request in the support queue', async () => {
    const databaseUrl = await newDatabase('database_outage');
    const server = await start(serverEnv(databaseUrl));
    const staff = new Visitor();
    expect((await staff.signIn(server, ADMIN.email, ADMIN.password)).status).toBe(200);
    const contact = new Visitor();
    await contact.refreshCsrf(server);
    const sent = await contact.call(server, 'POST', '/api/form-submissions', {
      type: 'contact',
      name: 'Before Outage',
      email: 'before@farm.example',
      phone: '',
      message: 'Sent before the restart.',
      website: '',
    });
    expect(sent.status).toBe(201);

    await postgres.stop();
    expectOutage(await staff.call(server, 'GET', '/api/admin/form-submissions'), OUTAGE_MESSAGES.database);
    // A grower's callback request is answered in its own shape, { success: false, error }, and says to try again rather than that it failed.
    const callbackRequest = {
      reason: 'Questions about my estimate',
      timePreference: 'Morning',
      userInfo: { email: 'waiting@farm.example', firstName: 'Wai', lastName: 'Ting', phone: '0412 345 678' },
    };
    const sendOnce = { [IDEMPOTENCY_KEY_HEADER]: 'callback-pressed-during-the-outage' };
    const callback = await contact.call(server, 'POST', '/api/callbacks/request', callbackRequest, sendOnce);
    expectOutage(callback, OUTAGE_MESSAGES.database);
    expect(callback.body).toMatchObject({ success: false, error: OUTAGE_MESSAGES.database });
    const red = await readiness(server);
    expect(red.status).toBe(503);
    expect(red.body.checks['database']).toEqual({ ok: false, detail: 'The database cannot be reached.' });
    expect(red.body.checks['migrations']).toEqual({ ok: false, detail: 'Not checked while the database cannot be reached.' });

    await postgres.start();
    await readyAgain(server);
    const list = await staff.call(server, 'GET', '/api/admin/form-submissions');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Sent before the restart.');
    // The grower presses Send again with the page's key: the request is kept, and once however often it is pressed.
    await contact.refreshCsrf(server);
    const pressedAgain = await contact.call(server, 'POST', '/api/callbacks/request', callbackRequest, sendOnce);
    expect(pressedAgain.status, JSON.stringify(pressedAgain.body)).toBe(201);
    expect(pressedAgain.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    const andAgain = await contact.call(server, 'POST', '/api/callbacks/request', callbackRequest, sendOnce);
    expect(andAgain.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(andAgain.body).toEqual(pressedAgain.body);
    const callbacks = new pg.Client({ connectionString: databaseUrl });
    await callbacks.connect();
    expect((await callbacks.query(`SELECT count(*)::int AS kept FROM "CallbackRequest" WHERE email = 'waiting@farm.example'`)).rows[0]).toEqual({ kept: 1 });
    // Staff find it in their support queue, once.
    const queued = `SELECT count(*)::int AS queued FROM "SupportRequest" s JOIN "CallbackRequest" c ON s."callbackRequestId" = c.id WHERE c.email = 'waiting@farm.example'`;
    expect((await callbacks.query(queued)).rows[0]).toEqual({ queued: 1 });
    await callbacks.end();
    // The job queue (pg-boss) works again too: a message sent now reaches staff.
    expect(
      (await contact.call(server, 'POST', '/api/form-submissions', { type: 'contact', name: 'After Restart', email: 'after@farm.example', phone: '', message: 'Sent after the restart.', website: '' })).status,
    ).toBe(201);
    await waitUntil('the copy of a message sent after the restart', () => smtp.received.some((mail) => mail.raw.includes('Subject: Contact message: After Restart')), 30_000);

    await stopsInTimeWithout(server, postgres);
  });

  it.each([
    {
      service: 'Redis',
      path: '/api/auth/session',
      message: OUTAGE_MESSAGES.redis,
      open: async () => {
        const network = await startTcpProxy(redis.url);
        return { network, env: serverEnv(await newDatabase('redis_network_cut'), { REDIS_URL: network.url }) };
      },
    },
    {
      service: 'PostgreSQL',
      path: '/api/admin/form-submissions',
      message: OUTAGE_MESSAGES.database,
      open: async () => {
        const network = await startTcpProxy(await newDatabase('database_network_cut'));
        return { network, env: serverEnv(network.url) };
      },
    },
  ])(
    'the network to $service cut while a signed-in request waits on it (a failover): that request and the next answer 503 with a sentence, not 500, and once it is back the person is still signed in and the background jobs carry on',
    async ({ service, path, message, open }) => {
      const { network, env } = await open();
      const server = await start(env);
      try {
        const staff = new Visitor();
        expect((await staff.signIn(server, ADMIN.email, ADMIN.password)).status).toBe(200);

        // Its first query or command is on its way and unanswered when the connection goes.
        expectOutage(await cutWhileWaiting(network, () => staff.call(server, 'GET', path)), message);
        expectOutage(await staff.call(server, 'GET', path), message);

        await network.restore();
        await readyAgain(server);
        expect((await staff.call(server, 'GET', path)).status).toBe(200);
        expect(((await staff.call(server, 'GET', '/api/auth/session')).body['user'] as { email: string }).email).toBe(ADMIN.email);
        // The background jobs carry on too: a message sent now reaches staff.
        const name = `After the ${service} cut`;
        const visitor = new Visitor();
        await visitor.refreshCsrf(server);
        expect((await visitor.call(server, 'POST', '/api/form-submissions', { type: 'contact', name, email: 'after.cut@farm.example', phone: '', message: 'Sent after the cut.', website: '' })).status).toBe(
          201,
        );
        await waitUntil(`the copy of a message sent after the ${service} cut`, () => smtp.received.some((mail) => mail.raw.includes(`Subject: Contact message: ${name}`)), 30_000);
      } finally {
        await network.cut();
      }
    },
  );

  it('the network to the mail relay cut while a code is being sent: the visitor is told 503 with a sentence, and the code goes when asked again once it is back', async () => {
    const network = await startTcpProxy(smtp.url);
    const server = await start({ ...serverEnv(await newDatabase('mail_network_cut')), SMTP_URL: network.url });
    try {
      const visitor = new Visitor();
      await visitor.refreshCsrf(server);
      const askForCode = () => visitor.call(server, 'POST', '/api/auth/email-verification/send', { email: 'cut-off@farm.example', firstName: 'Cut', lastName: 'Off' });
      expectOutage(await cutWhileWaiting(network, askForCode), 'We could not send the code just now; try again in a minute.');

      await network.restore();
      expect((await askForCode()).status).toBe(200);
      await waitUntil('the code delivered', () => smtp.received.some((mail) => mail.to.includes('cut-off@farm.example')), 10_000);
    } finally {
      await network.cut();
    }
  });

  it('the mail relay away: a contact message is acknowledged and its copy arrives once after the relay is back; a code or reset link asked for meanwhile, by the person or by staff, answers 503 with a sentence, makes no link and never arrives; SIGTERM ends the process in time', async () => {
    const databaseUrl = await newDatabase('mail_outage');
    const server = await start(serverEnv(databaseUrl));
    const visitor = new Visitor();
    await visitor.refreshCsrf(server);
    const staff = new Visitor();
    expect((await staff.signIn(server, ADMIN.email, ADMIN.password)).status).toBe(200);
    const staffId = ((await staff.call(server, 'GET', '/api/auth/session')).body['user'] as { id: string }).id;
    const resetLinks = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ links: number }>(`SELECT count(*)::int AS links FROM "PasswordResetToken"`);
      await client.end();
      return rows[0]!.links;
    };

    await smtp.stop();
    const contact = await visitor.call(server, 'POST', '/api/form-submissions', {
      type: 'contact',
      name: 'Relay Down',
      email: 'relay.down@farm.example',
      phone: '',
      message: 'Sent while the relay was down.',
      website: '',
    });
    expect(contact.status).toBe(201);
    const code = await visitor.call(server, 'POST', '/api/auth/email-verification/send', { email: 'waiting@farm.example', firstName: 'Wai', lastName: 'Ting' });
    expectOutage(code, 'We could not send the code just now; try again in a minute.');
    const reset = await visitor.call(server, 'POST', '/api/auth/password-reset/request', { email: ADMIN.email });
    expectOutage(reset, 'We could not send the reset link just now; try again in a minute.');
    // Staff sending a member their reset (here the administrator's own account) are told at once, too.
    const sentByStaff = await staff.call(server, 'POST', `/api/admin/user-lookup/${staffId}/password-reset`);
    expectOutage(sentByStaff, 'We could not send the reset e-mail just now; try again in a minute.');
    expect(await resetLinks()).toBe(0);

    await smtp.start();
    // The first retry is 15 s after the failed try (pg-boss adds up to that again as jitter).
    await waitUntil('the contact copy delivered', () => smtp.received.some((mail) => mail.raw.includes('Subject: Contact message: Relay Down')), 60_000);
    // A moment more: nothing comes twice.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.received.filter((mail) => mail.raw.includes('Subject: Contact message: Relay Down'))).toHaveLength(1);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(smtp.received.length);
    expect(smtp.received.filter((mail) => mail.to.includes('waiting@farm.example') || mail.raw.includes(RESET_SUBJECT))).toEqual([]);

    // Asked again now that the relay is back, the code goes at once.
    expect((await visitor.call(server, 'POST', '/api/auth/email-verification/send', { email: 'waiting@farm.example', firstName: 'Wai', lastName: 'Ting' })).status).toBe(200);
    expect(smtp.received.filter((mail) => mail.to.includes('waiting@farm.example'))).toHaveLength(1);
    // And staff's reset: one link, its e-mail through the queue, arriving once.
    const resentByStaff = await staff.call(server, 'POST', `/api/admin/user-lookup/${staffId}/password-reset`);
    expect(resentByStaff.status, JSON.stringify(resentByStaff.body)).toBe(200);
    expect(await resetLinks()).toBe(1);
    await waitUntil('the reset link staff sent', () => smtp.received.some((mail) => mail.raw.includes(RESET_SUBJECT)), 30_000);
    expect(smtp.received.filter((mail) => mail.raw.includes(RESET_SUBJECT))).toHaveLength(1);

    await stopsInTimeWithout(server, smtp);
  });
});
