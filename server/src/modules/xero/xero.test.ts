import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xeroStatusResponseSchema } from '@shared/contracts/xero';
import { perthCalendarDate } from '@shared/format';
import { registerAppJobs } from '../../jobs/app-jobs';
import type { SqliteJobQueue } from '../../jobs/sqlite-job-queue';
import { createTestUser, httpsSignedInCaller, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startXeroStandIn, TEST_XERO_CLIENT, xeroTestEnv, type XeroStandIn } from '../../testing/xero-stand-in';
import { createTokenCipher } from './token-cipher';
import { XeroWait } from './xero-errors';
import { takeXeroCall, XERO_LIMITS } from './xero-rate-limit';
import { XERO_SYNC_NOT_FAILED } from './xero.router';

// The sync against the stand-in Xero (server/src/testing/xero-stand-in.ts), through the real routes
// and the job queue on a clock moved by hand.

let standIn: XeroStandIn;
let t: TestApp;
let admin: TestAgent;
let now = new Date('2026-06-01T02:00:00.000Z');
const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
let member: { id: string };
const runJobs = () => (t.context.jobs as SqliteJobQueue).runDueJobs();
const status = async () => xeroStatusResponseSchema.parse((await admin.get('/api/admin/xero').expect(200)).body);
const apiCalls = (path: string) => standIn.calls.filter((call) => call.path === `/api.xro/2.0/${path}`);

async function accept(applicationId: string) {
  await admin.put(`/api/dashboard/protections/${applicationId}/status`).send({ status: 'accepted' }).expect(200);
  return t.db.invoice.findMany({ where: { applicationId }, orderBy: { number: 'asc' } });
}

beforeAll(async () => {
  standIn = await startXeroStandIn(TEST_XERO_CLIENT);
  t = await createTestApp(xeroTestEnv(standIn), { jobClock: () => now });
  await registerAppJobs(t.context.jobs, t.context);
  await createTestUser(t.db, { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', isAdmin: true });
  member = await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Grower' });
  admin = await signedInAgent(t.app, 'admin@example.com');
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('connecting Xero', () => {
  it('refuses a callback whose state is not the one this session started', async () => {
    const response = await admin.get('/api/admin/xero/callback?code=stolen&state=guessed').expect(302);
    expect(response.headers.location).toBe('/admin/xero-testing?xero=expired');
    expect((await status()).connection).toBeNull();
  });

  it('consents at Xero, stores the tokens encrypted, and lets the administrator choose the organisation', async () => {
    const { authorizationUrl } = (await admin.post('/api/admin/xero/connect').expect(200)).body as { authorizationUrl: string };
    expect(authorizationUrl).toContain(`${standIn.identityUrl}/connect/authorize?`);
    expect(new URL(authorizationUrl).searchParams.get('scope')).toBe('offline_access accounting.transactions accounting.contacts');
    // Xero signs the administrator in, asks for consent and sends the browser back with a code.
    const consent = await fetch(authorizationUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const landed = await admin.get(`${back.pathname}${back.search}`).expect(302);
    expect(landed.headers.location).toBe('/admin/xero-testing?xero=connected');

    const connected = await status();
    expect(connected.connection).toMatchObject({ tenantId: null, connectedBy: 'Ada Admin', tenants: standIn.tenants });
    const row = await t.db.xeroConnection.findUniqueOrThrow({ where: { id: 'xero' } });
    expect(row.accessTokenEncrypted).toMatch(/^v1\./);
    const cipher = createTokenCipher('xero-token-key-for-tests');
    expect(cipher.decrypt(row.refreshTokenEncrypted)).not.toBe(row.refreshTokenEncrypted);
    expect(() => createTokenCipher('another key').decrypt(row.accessTokenEncrypted)).toThrow();

    // Sending needs an organisation.
    expect((await admin.post('/api/admin/xero/test-invoice').expect(409)).body.error).toBe('xero_no_tenant');
    expect((await admin.put('/api/admin/xero/tenant').send({ tenantId: 'not-granted' }).expect(400)).body.error).toBe('xero_unknown_tenant');
    await admin.put('/api/admin/xero/tenant').send({ tenantId: standIn.tenants[0]!.tenantId }).expect(200);
    expect((await status()).connection).toMatchObject({ tenantName: 'Demo Company (AU)' });
  });
});

describe('the sync', () => {
  it('sends an accepted application as one contact and its invoices, with our numbers, lines and GST', async () => {
    const application = await createApplication(t.db, member.id, { status: 'submitted', premium: 4000 });
    const invoices = await accept(application.id);
    expect(invoices.map((invoice) => invoice.kind)).toEqual(['membership_fee', 'contribution']);
    // The queue's jobs run one after another: the second invoice finds the contact the first made.
    await runJobs();

    expect(standIn.contacts).toHaveLength(1);
    expect(standIn.contacts[0]).toMatchObject({ Name: 'Jo Grower', EmailAddress: 'grower@example.com', ContactNumber: member.id, tenantId: standIn.tenants[0]!.tenantId });
    expect(standIn.invoices).toHaveLength(2);
    const [fee, contribution] = invoices.map((invoice) => standIn.invoices.find((sent) => sent.InvoiceNumber === invoice.number)!);
    expect(fee).toMatchObject({
      Type: 'ACCREC',
      Status: 'AUTHORISED',
      Contact: { ContactID: standIn.contacts[0]!.ContactID },
      Date: perthCalendarDate(invoices[0]!.issuedAt),
      LineAmountTypes: 'Exclusive',
      LineItems: [{ Description: 'Membership fee, season 2026', Quantity: 1, UnitAmount: 500, TaxType: 'OUTPUT', TaxAmount: 50, AccountCode: '200' }],
      SubTotal: 500,
      TotalTax: 50,
      Total: 550,
    });
    // GST on Income for the contribution ($4,000, GST 10% of it), GST Free Income for the mutual's loading.
    expect(contribution).toMatchObject({
      LineItems: [
        { UnitAmount: 4000, TaxAmount: 400, TaxType: 'OUTPUT' },
        { Description: 'Mutual loading, 10% of the contribution (GST-free)', UnitAmount: 400, TaxAmount: 0, TaxType: 'EXEMPTOUTPUT' },
      ],
      SubTotal: 4400,
      TotalTax: 400,
      Total: 4800,
    });
    expect(invoices.map((invoice) => invoice.totalCents)).toEqual([55_000, 480_000]);

    const log = await status();
    expect(log.counts).toEqual({ pending: 0, sent: 3, failed: 0 });
    expect(log.items.map((item) => [item.kind, item.state])).toEqual(
      expect.arrayContaining([
        ['contact', 'sent'],
        ['invoice', 'sent'],
        ['invoice', 'sent'],
      ]),
    );

    // A second application of the season: its contribution only, to the same contact.
    const second = await createApplication(t.db, member.id, { status: 'submitted', premium: 1000, coverageType: 'hail' });
    await accept(second.id);
    await runJobs();
    expect(standIn.contacts).toHaveLength(1);
    expect(apiCalls('Contacts')).toHaveLength(1);
    expect(standIn.invoices).toHaveLength(3);
  });

  it('applies a payment once, however often it is queued', async () => {
    const fee = await t.db.invoice.findFirstOrThrow({ where: { kind: 'membership_fee' } });
    await admin.post(`/api/invoices/${fee.id}/payments`).send({ amountDollars: '550.00', receivedOn: '2026-06-02', method: 'eft', reference: 'EFT 1234' }).expect(201);
    await runJobs();
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { invoiceId: fee.id } });
    expect(standIn.payments).toEqual([expect.objectContaining({ Amount: 550, Date: '2026-06-02', Account: { Code: '090' }, Reference: `${payment.receiptNumber} EFT 1234` })]);
    expect(standIn.invoices.find((sent) => sent.InvoiceNumber === fee.number)).toMatchObject({ Status: 'PAID', AmountDue: 0, AmountPaid: 550 });

    // The job queued again (a second server, a retry): the item is sent already and nothing goes.
    const sync = await t.db.xeroSync.findUniqueOrThrow({ where: { kind_localId: { kind: 'payment', localId: payment.id } } });
    await t.context.jobs.enqueue('xero.sync', { syncId: sync.id });
    await runJobs();
    expect(standIn.payments).toHaveLength(1);
    expect(apiCalls('Payments')).toHaveLength(1);
  });

  it('waits out a 429 for its Retry-After, then sends', async () => {
    const contribution = await t.db.invoice.findFirstOrThrow({ where: { kind: 'contribution' }, orderBy: { number: 'asc' } });
    standIn.answerTooManyRequests(30);
    await admin.post(`/api/invoices/${contribution.id}/payments`).send({ amountDollars: '1,000', receivedOn: '2026-06-03', method: 'eft' }).expect(201);
    await runJobs();
    expect(apiCalls('Payments').at(-1)?.status).toBe(429);
    const waiting = (await status()).items.find((item) => item.kind === 'payment' && item.state === 'pending')!;
    expect(waiting).toMatchObject({ lastError: 'Xero asked us to wait 30 s (its minute limit).', nextAttemptAt: new Date(now.getTime() + 30_000).toISOString(), attempts: 0 });

    later(29);
    await runJobs();
    expect(apiCalls('Payments')).toHaveLength(2);
    later(1);
    await runJobs();
    expect(apiCalls('Payments')).toHaveLength(3);
    expect(standIn.payments).toHaveLength(2);
    expect((await status()).items.find((item) => item.id === waiting.id)).toMatchObject({ state: 'sent', lastError: null, attempts: 1 });
  });

  it('refreshes the access token when Xero says it has expired, and when its time is up', async () => {
    const refreshesBefore = standIn.tokenRequests.filter((request) => request.grantType === 'refresh_token').length;
    standIn.expireAccessTokens();
    await t.db.xeroConnection.update({ where: { id: 'xero' }, data: { accessTokenExpiresAt: new Date(now.getTime() + 20 * 60_000) } });
    await admin.post('/api/admin/xero/test-invoice').expect(202);
    await runJobs();
    expect(standIn.tokenRequests.filter((request) => request.grantType === 'refresh_token')).toHaveLength(refreshesBefore + 1);
    expect(
      apiCalls('Invoices')
        .slice(-2)
        .map((call) => call.status),
    ).toEqual([401, 200]);
    expect(standIn.invoices.at(-1)).toMatchObject({ Status: 'DRAFT', Contact: { Name: 'Grain Growers Mutual connection test' }, Total: 550 });

    // Thirty minutes on, the stored expiry has passed: refreshed before the call, which Xero accepts at once.
    const stored = await t.db.xeroConnection.findUniqueOrThrow({ where: { id: 'xero' } });
    expect(stored.refreshedAt?.toISOString()).toBe(now.toISOString());
    later(31 * 60);
    standIn.expireAccessTokens();
    await admin.post('/api/admin/xero/test-invoice').expect(202);
    await runJobs();
    expect(standIn.tokenRequests.filter((request) => request.grantType === 'refresh_token')).toHaveLength(refreshesBefore + 2);
    expect(apiCalls('Invoices').at(-1)?.status).toBe(200);
  });

  it('shows what Xero refused, and sends it when staff try again after fixing it in Xero', async () => {
    const sam = await createTestUser(t.db, { email: 'sam@example.com', firstName: 'Sam', lastName: 'Farmer' });
    standIn.contacts.push({ ContactID: 'existing-sam', Name: 'Sam Farmer', tenantId: standIn.tenants[0]!.tenantId });
    const application = await createApplication(t.db, sam.id, { status: 'submitted', premium: 2000 });
    await accept(application.id);
    await runJobs();
    later(15);
    await runJobs();
    const failed = (await status()).items.filter((item) => item.state === 'failed');
    expect(failed.map((item) => item.kind).sort()).toEqual(['contact', 'invoice', 'invoice']);
    expect(failed.find((item) => item.kind === 'invoice')?.lastError).toBe(
      'The member’s contact could not be sent: Xero refused it: The contact name Sam Farmer is already assigned to another contact. The contact name must be unique across all active contacts.',
    );

    // Staff archive the old contact in Xero, then press 'Try again' on an invoice: its contact goes first.
    standIn.contacts.splice(
      standIn.contacts.findIndex((contact) => contact.ContactID === 'existing-sam'),
      1,
    );
    const invoice = failed.find((item) => item.kind === 'invoice')!;
    await admin.post(`/api/admin/xero/syncs/${invoice.id}/retry`).expect(200);
    await runJobs();
    expect((await status()).items.find((item) => item.id === invoice.id)).toMatchObject({ state: 'sent', lastError: null });
    expect(standIn.contacts.filter((contact) => contact.Name === 'Sam Farmer')).toHaveLength(1);
    const again = await admin.post(`/api/admin/xero/syncs/${invoice.id}/retry`).expect(404);
    expect(again.body).toEqual({ error: 'xero_sync_not_found', message: XERO_SYNC_NOT_FAILED });
  });
});

describe('a job queue that refuses a job', () => {
  it('keeps no payment or acceptance whose Xero job cannot be queued; done again, each reaches Xero', async () => {
    const kim = await createTestUser(t.db, { email: 'kim@example.com', firstName: 'Kim', lastName: 'Cropper' });
    const application = await createApplication(t.db, kim.id, { status: 'submitted', premium: 3000 });
    const sentBefore = standIn.invoices.length;
    // The queue's table refuses new jobs (the test's queue is the BackgroundJob runner on either database).
    let lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'BackgroundJob', 'INSERT');
    try {
      await admin.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' }).expect(500);
    } finally {
      await lift();
    }
    // Not accepted, no invoices: nothing the accountant would wait for in Xero.
    expect(await t.db.protectionApplication.findUniqueOrThrow({ where: { id: application.id } })).toMatchObject({ status: 'submitted' });
    expect(await t.db.invoice.count({ where: { applicationId: application.id } })).toBe(0);
    const [fee] = await accept(application.id);
    await runJobs();
    expect(standIn.invoices).toHaveLength(sentBefore + 2);

    const record = () => admin.post(`/api/invoices/${fee!.id}/payments`).send({ amountDollars: '550.00', receivedOn: '2026-06-03', method: 'eft', reference: 'EFT 5678' });
    lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'BackgroundJob', 'INSERT');
    try {
      expect((await record()).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await t.db.invoicePayment.count({ where: { invoiceId: fee!.id } })).toBe(0);
    expect((await status()).counts.pending).toBe(0);
    await record().expect(201);
    await runJobs();
    expect(standIn.payments.filter((payment) => payment.Reference?.endsWith('EFT 5678'))).toHaveLength(1);
  });
});

describe('limits', () => {
  it('takes at most 60 calls a minute for an organisation, then waits for the next minute', async () => {
    const at = new Date('2026-07-01T03:04:10.000Z');
    for (let call = 0; call < XERO_LIMITS.perMinute; call += 1) await takeXeroCall(t.db, 'tenant-limits', at);
    const refused = await takeXeroCall(t.db, 'tenant-limits', at).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(XeroWait);
    expect((refused as XeroWait).until.toISOString()).toBe('2026-07-01T03:05:00.000Z');
    await takeXeroCall(t.db, 'another-tenant', at);
    await takeXeroCall(t.db, 'tenant-limits', new Date('2026-07-01T03:05:00.000Z'));
  });

  it('keeps to 5,000 calls a day', async () => {
    await t.db.xeroCallWindow.create({ data: { tenantId: 'busy-tenant', window: 'day:2026-07-01', calls: XERO_LIMITS.perDay, expiresAt: new Date('2026-07-02T00:00:00.000Z') } });
    const refused = await takeXeroCall(t.db, 'busy-tenant', new Date('2026-07-01T10:00:00.000Z')).catch((error: unknown) => error);
    expect((refused as XeroWait).message).toBe("Waiting for Xero's limit of 5,000 calls a day for this organisation.");
  });
});

describe('not configured', () => {
  it('says which variables to set, and refuses to connect', async () => {
    const bare = await createTestApp();
    try {
      const agent = (await createTestUser(bare.db, { email: 'admin@example.com', isAdmin: true }), await signedInAgent(bare.app, 'admin@example.com'));
      const body = xeroStatusResponseSchema.parse((await agent.get('/api/admin/xero').expect(200)).body);
      expect(body).toMatchObject({ missingVariables: ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET', 'XERO_REDIRECT_URI'], connection: null, items: [] });
      const refused = await agent.post('/api/admin/xero/connect').expect(409);
      expect(refused.body).toEqual({ error: 'xero_not_configured', message: 'Xero is not configured: set XERO_CLIENT_ID, XERO_CLIENT_SECRET, XERO_REDIRECT_URI on the server.' });
      // Nothing is recorded for Xero when an application is accepted.
      const member = await createTestUser(bare.db, { email: 'grower@example.com' });
      const application = await createApplication(bare.db, member.id, { status: 'submitted' });
      await agent.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' }).expect(200);
      expect(await bare.db.xeroSync.count()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('in production without a key of its own', () => {
  /** A production server (HTTPS behind a proxy) with the Xero app's details and these overrides. */
  const productionApp = (overrides: Record<string, string>) =>
    createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://members.grainmutual.example',
      TRUST_PROXY: '1',
      SESSION_SECRET: '',
      ...xeroTestEnv(standIn),
      XERO_TOKEN_KEY: '',
      XERO_REDIRECT_URI: 'https://members.grainmutual.example/api/admin/xero/callback',
      ...overrides,
    });

  async function administrator(app: TestApp) {
    await createTestUser(app.db, { email: 'prod-admin@example.com', isAdmin: true });
    return httpsSignedInCaller(app.app, 'prod-admin@example.com');
  }

  it('refuses to connect Xero, naming XERO_TOKEN_KEY, when neither it nor SESSION_SECRET is set, and the page says so', async () => {
    const keyless = await productionApp({});
    try {
      const call = await administrator(keyless);
      const callsBefore = standIn.calls.length;
      const refused = await call('post', '/api/admin/xero/connect').expect(409);
      expect(refused.body.error).toBe('xero_not_configured');
      expect(refused.body.message).toMatch(/^Xero cannot be connected: set XERO_TOKEN_KEY on the server/);
      // Nothing went to Xero, and no consent was started.
      expect(standIn.calls.length).toBe(callsBefore);
      const page = xeroStatusResponseSchema.parse((await call('get', '/api/admin/xero').expect(200)).body);
      expect(page.missingVariables).toEqual(['XERO_TOKEN_KEY']);
      expect(await keyless.db.xeroConnection.count()).toBe(0);
    } finally {
      await keyless.close();
    }
  });

  it('connects once XERO_TOKEN_KEY, or SESSION_SECRET, is set', async () => {
    const keys: Array<Record<string, string>> = [{ XERO_TOKEN_KEY: 'a-long-random-xero-token-key' }, { SESSION_SECRET: 'a-long-random-session-secret-set-by-hand' }];
    for (const overrides of keys) {
      const keyed = await productionApp(overrides);
      try {
        const call = await administrator(keyed);
        const page = xeroStatusResponseSchema.parse((await call('get', '/api/admin/xero').expect(200)).body);
        expect(page.missingVariables).toEqual([]);
        const { authorizationUrl } = (await call('post', '/api/admin/xero/connect').expect(200)).body as { authorizationUrl: string };
        expect(authorizationUrl).toContain(`${standIn.identityUrl}/connect/authorize?`);
      } finally {
        await keyed.close();
      }
    }
    // Two servers of their own start here.
  }, 90_000);
});
