import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyQuoteState } from '@shared/contracts/quote';
import { draftDataHash, draftQuoteData } from '@shared/domain/quote/draft';
import { personDetailSchema, userLookupResponseSchema, userTrackingResponseSchema, visitorSessionResponseSchema } from '@shared/contracts/people';
import { createTestUser, csrfAgent, signedInAgent, TEST_PASSWORD, type TestAgent, waitForEmailTo } from '../../testing/accounts';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: TestAgent;
let dana: TestAgent;
const ids = {} as Record<'admin' | 'casey' | 'dana' | 'caseyApp' | 'danaApp' | 'caseyAppReference', string>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  ids.admin = (await createTestUser(t.db, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Admin', isAdmin: true })).id;
  ids.casey = (await createTestUser(t.db, { email: 'casey@example.com', firstName: 'Casey', lastName: 'Customer' })).id;
  ids.dana = (await createTestUser(t.db, { email: 'dana@example.com', firstName: 'Dana', lastName: 'Farmer' })).id;
  await t.db.user.update({ where: { id: ids.casey }, data: { phone: '0412 345 678', abn: '51824753556', businessName: 'Customer Pastoral', address: '7 Mill Street, Meckering' } });
  await t.db.user.update({ where: { id: ids.dana }, data: { phone: '(08) 9123 4567', abn: '83914571673', businessName: 'Farmer Grains', address: '3 Bank Road, Kellerberrin' } });
  const caseyApp = await createApplication(t.db, ids.casey, { premium: 1000, seasonYear: 2026, submittedAt: new Date('2026-05-01T02:00:00Z') });
  const danaApp = await createApplication(t.db, ids.dana, { premium: 2000, seasonYear: 2026 });
  ids.caseyApp = caseyApp.id;
  ids.caseyAppReference = caseyApp.reference ?? '';
  ids.danaApp = danaApp.id;
  await t.db.protectionApplication.update({
    where: { id: caseyApp.id },
    data: {
      quoteData: { farmData: { address: '1200 Dryandra Road, Cunderdin' }, personalDetails: { address: '7 Mill Street, Meckering' } },
      farmAddress: '1200 Dryandra Road, Cunderdin',
      postalAddress: '7 Mill Street, Meckering',
    },
  });
  // As submission stores it: the farm's and the applicant's addresses in their columns as well as in the quote.
  await t.db.protectionApplication.update({ where: { id: danaApp.id }, data: { quoteData: { farmData: { address: 'Lot 9 McKenzie Road, Tammin' } }, farmAddress: 'Lot 9 McKenzie Road, Tammin' } });
  await t.db.farmPaddock.create({ data: { userId: ids.casey, name: 'Windmill Block', areaHa: 120, sortOrder: 0 } });
  await t.db.farmPaddock.create({ data: { userId: ids.dana, name: 'Salt Lake Flat', areaHa: 80, sortOrder: 0 } });
  const claim = (userId: string, applicationId: string, reference: string) =>
    t.db.claim.create({
      data: {
        userId,
        applicationId,
        reference,
        peril: 'hail',
        eventDate: '2026-10-01',
        affectedPaddocks: [],
        estimatedLossCents: 1_250_000,
        description: 'Hail',
        lodgedById: userId,
        createdAt: new Date('2026-10-02T01:00:00Z'),
      },
    });
  await claim(ids.casey, ids.caseyApp, 'CLM-2026-00001');
  await claim(ids.dana, ids.danaApp, 'CLM-2026-00002');
  const invoice = (userId: string, applicationId: string, number: string) =>
    t.db.invoice.create({
      data: {
        number,
        issueKey: `contribution:${applicationId}`,
        userId,
        applicationId,
        kind: 'contribution',
        season: '2026',
        lines: [{ description: 'Contribution', amountCents: 100_000, gstCents: 10_000 }],
        subtotalCents: 100_000,
        gstCents: 10_000,
        totalCents: 110_000,
        issuedAt: new Date('2026-05-02T00:00:00Z'),
      },
    });
  const caseyInvoice = await invoice(ids.casey, ids.caseyApp, 'INV-2026-00001');
  await invoice(ids.dana, ids.danaApp, 'INV-2026-00002');
  await t.db.invoicePayment.create({
    data: {
      invoiceId: caseyInvoice.id,
      receiptNumber: 'RCP-2026-00001',
      amountCents: 50_000,
      receivedOn: '2026-05-10',
      method: 'bank_transfer',
      recordedById: ids.admin,
      createdAt: new Date('2026-05-10T03:00:00Z'),
    },
  });
  await t.db.draft.create({
    data: {
      id: 'casey-draft-1',
      userId: ids.casey,
      step: 'farm-mapping',
      version: 3,
      dataHash: 'x'.repeat(64),
      quoteData: { farmData: { address: '1200 Dryandra Road, Cunderdin' } },
      farmAddress: '1200 Dryandra Road, Cunderdin',
      validationData: {},
      uiState: {},
    },
  });
  await t.db.savedEstimate.create({ data: { userId: ids.casey, data: {} } });
  // Casey's browser tab: two steps shown before registering, one after; Dana's tab is hers alone.
  await t.db.analyticsEvent.createMany({
    data: [
      { event: 'quote_step.viewed', properties: { step: 'personal-details' }, userId: null, sessionId: 'tab-casey', occurredAt: new Date('2026-04-30T01:00:00Z') },
      { event: 'quote_step.viewed', properties: { step: 'email-verification' }, userId: null, sessionId: 'tab-casey', occurredAt: new Date('2026-04-30T01:02:00Z') },
      { event: 'quote_step.viewed', properties: { step: 'product-disclosure' }, userId: ids.casey, sessionId: 'tab-casey', occurredAt: new Date('2026-04-30T01:05:00Z') },
      { event: 'page_view', properties: { path: '/faq' }, userId: ids.casey, sessionId: 'tab-casey', occurredAt: new Date('2026-04-30T01:06:00Z') },
      { event: 'quote_step.viewed', properties: { step: 'personal-details' }, userId: null, sessionId: 'tab-dana', occurredAt: new Date('2026-04-30T02:00:00Z') },
      { event: 'quote_step.viewed', properties: { step: 'password-creation' }, userId: ids.dana, sessionId: 'tab-dana', occurredAt: new Date('2026-04-30T02:01:00Z') },
      { event: 'quote_step.viewed', properties: { step: 'personal-details' }, userId: null, sessionId: 'tab-stranger', occurredAt: new Date('2026-04-30T03:00:00Z') },
    ],
  });
  await t.db.supportSession.create({
    data: {
      adminUserId: ids.admin,
      customerId: ids.casey,
      customerName: 'Casey Customer',
      permissionLevel: 'read',
      startedAt: new Date('2026-05-03T00:00:00Z'),
      endedAt: new Date('2026-05-03T00:12:00Z'),
      durationMs: 720_000,
    },
  });
  await t.db.auditLog.create({
    data: {
      actorId: ids.admin,
      customerId: ids.casey,
      action: 'claim.status_changed',
      details: { reference: 'CLM-2026-00001', from: 'lodged', to: 'under_assessment' },
      createdAt: new Date('2026-10-03T00:00:00Z'),
    },
  });
  admin = await signedInAgent(t.app, 'ada@example.com');
  dana = await signedInAgent(t.app, 'dana@example.com');
});
afterAll(() => t.close());

const lookUp = async (q: string) => userLookupResponseSchema.parse((await admin.get('/api/admin/user-lookup').query({ q })).body);

describe('GET /api/admin/user-lookup', () => {
  it.each([
    ['Casey', 'text', ['name', 'email']],
    ['casey customer', 'text', ['name']],
    ['casey@example.com', 'email', ['email']],
    ['0412345678', 'phone', ['phone']],
    ['+61 412 345 678', 'phone', ['phone']],
    ['51 824 753 556', 'abn', ['abn']],
    ['Pastoral', 'text', ['business']],
    ['Mill Street', 'text', ['postal_address']],
    ['dryandra road', 'text', ['farm_address']],
    ['Windmill', 'text', ['paddock']],
    ['clm-2026-1', 'claim', ['claim']],
    ['INV-2026-00001', 'invoice', ['invoice']],
    ['RCP-2026-00001', 'receipt', ['receipt']],
  ])('finds Casey and nobody else by %s (%s)', async (q, keyKind, matchedBy) => {
    const body = await lookUp(q);
    expect(body.keyKind).toBe(keyKind);
    expect(body.total).toBe(1);
    expect(body.people).toEqual([expect.objectContaining({ id: ids.casey, name: 'Casey Customer', email: 'casey@example.com', phone: '0412 345 678', locked: false, matchedBy })]);
  });

  it('finds a person by an application number (APP-…, however it is typed) and by their account id, not by an application’s internal id', async () => {
    expect(ids.caseyAppReference).toMatch(/^APP-2026-\d{5}$/);
    expect((await lookUp(ids.caseyAppReference)).people.map((p) => [p.id, p.matchedBy])).toEqual([[ids.casey, ['application']]]);
    expect((await lookUp(ids.caseyAppReference.toLowerCase().replace(/-0+/, '-'))).people.map((p) => p.id)).toEqual([ids.casey]);
    expect((await lookUp(ids.caseyApp)).people).toEqual([]);
    expect((await lookUp(ids.dana)).people.map((p) => [p.id, p.matchedBy])).toEqual([[ids.dana, ['account']]]);
  });

  it('finds Dana by her application’s farm address typed in any case (a caller reads it off a letter: “mckenzie road”)', async () => {
    for (const q of ['mckenzie road', 'MCKENZIE ROAD', 'McKenzie Road, Tammin']) {
      expect((await lookUp(q)).people.map((p) => [p.name, p.matchedBy])).toEqual([['Dana Farmer', ['farm_address']]]);
    }
  });

  it('finds Dana by the farm address of the draft she saved last, typed in any case, and no longer by the one she replaced', async () => {
    // A save as the wizard sends it.
    const save = (address: string) => {
      const quote = emptyQuoteState();
      quote.farmData.address = address;
      const data = draftQuoteData(quote);
      return { userId: ids.dana, step: 'farm-mapping', data, status: 'DRAFT', dataHash: draftDataHash(data) };
    };
    await dana
      .post('/api/user/drafts')
      .send({ id: 'dana-draft-1', ...save('Lot 2 Dowerin Road, Goomalling') })
      .expect(201);
    await dana
      .put('/api/user/drafts/dana-draft-1')
      .send({ ...save('Lot 2 McLeod Road, Wyalkatchem'), version: 1 })
      .expect(200);
    for (const q of ['mcleod road', 'LOT 2 MCLEOD']) {
      expect((await lookUp(q)).people.map((p) => [p.name, p.matchedBy])).toEqual([['Dana Farmer', ['farm_address']]]);
    }
    expect((await lookUp('dowerin road')).people).toEqual([]);
    await dana.delete('/api/user/drafts/dana-draft-1').expect(200);
  });

  it('finds a person by their whole name in any case, whichever of its words are the first name', async () => {
    const mary = await createTestUser(t.db, { email: 'mary.vdb@wheatbelt.net.au', firstName: 'Mary Anne', lastName: 'Van Der Berg' });
    for (const q of ['mary anne van der berg', 'MARY ANNE VAN DER BERG', 'Anne Van', 'van der berg', 'Mary Berg']) {
      expect(
        (await lookUp(q)).people.map((p) => [p.id, p.matchedBy]),
        q,
      ).toEqual([[mary.id, ['name']]]);
    }
    expect((await lookUp('Berg Mary')).people).toEqual([]);
    await t.db.user.delete({ where: { id: mary.id } });
  });

  it('finds Dana by her landline however it is typed, and lists everyone a shared word finds, by surname, on pages', async () => {
    expect((await lookUp('0891234567')).people.map((p) => p.name)).toEqual(['Dana Farmer']);
    const both = await admin.get('/api/admin/user-lookup').query({ q: 'example.com', pageSize: 2 });
    expect(both.body.total).toBe(3);
    expect(both.body.people.map((p: { name: string }) => p.name)).toEqual(['Ada Admin', 'Casey Customer']);
    const second = await admin.get('/api/admin/user-lookup').query({ q: 'example.com', pageSize: 2, page: 2 });
    expect(second.body.people.map((p: { name: string }) => p.name)).toEqual(['Dana Farmer']);
  });

  it('lists the people found by surname as a reader looks for them, whatever its case or accents, on pages', async () => {
    const surnames = ['Zed', 'van Gelderen', 'Oliver', 'Ó Briain', 'de Grussa', 'Dunn'];
    const growers = await Promise.all(surnames.map((lastName, index) => createTestUser(t.db, { email: `grower${index}@koorda.net.au`, firstName: 'Kim', lastName })));
    const surnamesOn = async (page: number) =>
      ((await admin.get('/api/admin/user-lookup').query({ q: 'koorda.net.au', pageSize: 4, page })).body.people as { name: string }[]).map((p) => p.name.slice('Kim '.length));
    expect(await surnamesOn(1)).toEqual(['de Grussa', 'Dunn', 'Ó Briain', 'Oliver']);
    expect(await surnamesOn(2)).toEqual(['van Gelderen', 'Zed']);
    await t.db.user.deleteMany({ where: { id: { in: growers.map((grower) => grower.id) } } });
  });

  it('finds nobody for a number no one holds, and writes each search to the audit log', async () => {
    expect((await lookUp('CLM-2026-00099')).total).toBe(0);
    const searches = (await t.db.auditLog.findMany({ where: { action: 'people.search' } })).filter((entry) => (entry.details as { q?: string }).q === 'CLM-2026-00099');
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ actorId: ids.admin, customerId: null, details: { q: 'CLM-2026-00099', keyKind: 'claim', found: 0 } });
  });

  it('answers 400 with a sentence for a one-letter search and refuses everyone but administrators', async () => {
    const short = await admin.get('/api/admin/user-lookup?q=a');
    expect(short.status).toBe(400);
    expect(short.body.issues[0].message).toMatch(/at least 2 characters/);
    expect((await request(t.app).get('/api/admin/user-lookup?q=casey')).status).toBe(401);
    const member = await signedInAgent(t.app, 'casey@example.com');
    expect((await member.get('/api/admin/user-lookup?q=casey')).status).toBe(403);
    expect((await member.get(`/api/admin/user-tracking/${ids.dana}`)).status).toBe(403);
  });
});

describe('GET /api/admin/user-lookup/:userId', () => {
  it('shows the account, roles, drafts, estimates, applications, claims, invoices with payments and sessions of the person only', async () => {
    const response = await admin.get(`/api/admin/user-lookup/${ids.casey}`);
    expect(response.status).toBe(200);
    const body = personDetailSchema.parse(response.body);
    expect(body.account).toMatchObject({ email: 'casey@example.com', phone: '0412 345 678', abn: '51824753556', address: '7 Mill Street, Meckering', lockedAt: null });
    expect(body.roles).toMatchObject({ isAdmin: false, isBroker: false, permissions: [], broker: null, clientCount: 0 });
    expect(body.drafts).toEqual([expect.objectContaining({ id: 'casey-draft-1', step: 'farm-mapping', version: 3, farmAddress: '1200 Dryandra Road, Cunderdin' })]);
    expect(body.savedEstimates).toHaveLength(1);
    expect(body.applications).toEqual([
      expect.objectContaining({
        id: ids.caseyApp,
        totalPayable: 1750,
        insuredValue: 500_000,
        coveredArea: 300,
        farmAddress: '1200 Dryandra Road, Cunderdin',
        paddockNames: ['North Paddock', 'Creek Flat', 'Bush Block'],
      }),
    ]);
    expect(body.claims.map((claim) => [claim.reference, claim.estimatedLossCents])).toEqual([['CLM-2026-00001', 1_250_000]]);
    expect(body.invoices.map((invoice) => [invoice.number, invoice.totalCents, invoice.paidCents, invoice.payments.map((p) => p.receiptNumber)])).toEqual([
      ['INV-2026-00001', 110_000, 50_000, ['RCP-2026-00001']],
    ]);
    expect(body.farmPaddocks.map((paddock) => paddock.name)).toEqual(['Windmill Block']);
    expect(body.sessions).toHaveLength(1);
    expect(body.recentSecurityEvents[0]).toMatchObject({ type: 'sign_in_success', ip: expect.stringMatching(/\.x\.x$|:…$/) });
    expect(await t.db.auditLog.count({ where: { action: 'people.view', customerId: ids.casey, actorId: ids.admin } })).toBe(1);
  });

  it('lists the person’s sessions that still stand: not those their password change ended', async () => {
    const { id } = await createTestUser(t.db, { email: 'pat-two-devices@example.com' });
    const laptop = await signedInAgent(t.app, 'pat-two-devices@example.com');
    await signedInAgent(t.app, 'pat-two-devices@example.com');
    expect((await admin.get(`/api/admin/user-lookup/${id}`).expect(200)).body.sessions).toHaveLength(2);
    await laptop.put('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword: 'a different long passphrase' }).expect(200);
    expect((await admin.get(`/api/admin/user-lookup/${id}`).expect(200)).body.sessions).toHaveLength(1);
  });

  it('answers 404 with a way on for an account that does not exist', async () => {
    const response = await admin.get('/api/admin/user-lookup/no-such-person');
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/search again/);
  });
});

describe('GET /api/admin/user-tracking/:userId', () => {
  it('puts the person’s sign-ins, wizard steps (from before they registered too), drafts, estimates, submissions, claims, payments, support and staff changes on one timeline', async () => {
    const body = userTrackingResponseSchema.parse((await admin.get(`/api/admin/user-tracking/${ids.casey}`)).body);
    expect(body.person).toEqual({ id: ids.casey, name: 'Casey Customer', email: 'casey@example.com' });
    expect(body.visitorSessions).toEqual(['tab-casey']);
    expect(body.counts).toMatchObject({ wizard_step: 3, site_activity: 1, draft: 1, estimate: 1, submission: 1, claim: 1, payment: 1, support: 1, staff_change: 1 });
    expect(body.counts.sign_in).toBeGreaterThanOrEqual(1);
    const titles = body.entries.map((entry) => entry.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Wizard step shown: personal-details', 'Wizard step shown: product-disclosure', 'Claim CLM-2026-00001 lodged', 'Payment of $500.00 recorded', 'Claim status changed', 'Signed in']),
    );
    expect(titles).not.toContain('Wizard step shown: password-creation');
    const submission = body.entries.find((entry) => entry.kind === 'submission');
    expect(submission?.detail).toBe('300 ha covered, insured value $500,000.00, total payable $1,750.00; farm at 1200 …, Cunderdin; status submitted');
    expect(body.entries.find((entry) => entry.kind === 'support')).toMatchObject({ title: 'Support session (read only)', detail: 'Ended after 12 min', byStaff: 'Ada Admin' });
    const signIn = body.entries.find((entry) => entry.title === 'Signed in');
    expect(signIn?.detail).toMatch(/^From (\d+\.\d+\.x\.x|[\da-f:]+:…); signed in as credentials$/);
    expect(body.entries.find((entry) => entry.title === 'Wizard step shown: personal-details')).toMatchObject({ detail: 'before signing in', visitorSessionId: 'tab-casey' });
  });

  it('filters by kind and by Perth day, and pages on the server', async () => {
    const steps = userTrackingResponseSchema.parse((await admin.get(`/api/admin/user-tracking/${ids.casey}?kinds=wizard_step&pageSize=2`)).body);
    expect(steps.total).toBe(3);
    expect(steps.entries.map((entry) => entry.title)).toEqual(['Wizard step shown: product-disclosure', 'Wizard step shown: email-verification']);
    const next = userTrackingResponseSchema.parse((await admin.get(`/api/admin/user-tracking/${ids.casey}?kinds=wizard_step&pageSize=2&page=2`)).body);
    expect(next.entries.map((entry) => entry.title)).toEqual(['Wizard step shown: personal-details']);
    // 2026-05-10 in Perth: the payment recorded at 11:00 that morning and nothing else.
    const day = userTrackingResponseSchema.parse((await admin.get(`/api/admin/user-tracking/${ids.casey}?from=2026-05-10&to=2026-05-10`)).body);
    expect(day.entries.map((entry) => [entry.kind, entry.title, entry.byStaff])).toEqual([['payment', 'Payment of $500.00 recorded', 'Ada Admin']]);
    expect(day.total).toBe(1);
  });

  it('answers 400 for an unknown kind or a range that ends before it starts', async () => {
    const kind = await admin.get(`/api/admin/user-tracking/${ids.casey}?kinds=wizard_step,holidays`);
    expect(kind.status).toBe(400);
    expect(kind.body.issues[0].message).toMatch(/not holidays/);
    expect((await admin.get(`/api/admin/user-tracking/${ids.casey}?from=2026-05-10&to=2026-05-01`)).status).toBe(400);
  });

  it('ties the person’s latest tab sessions to them when they have used more than it reads (it read any 500)', async () => {
    const { id } = await createTestUser(t.db, { email: 'busy@example.com', firstName: 'Busy', lastName: 'Grower' });
    const opened = Date.parse('2025-01-01T00:00:00Z');
    // 501 tabs, a day apart, each signed in; the newest also showed a step before its sign-in.
    const tabs = Array.from({ length: 501 }, (_, index) => ({
      event: 'page_view',
      properties: { path: '/dashboard' },
      userId: id,
      sessionId: `busy-tab-${index}`,
      occurredAt: new Date(opened + index * 86_400_000),
    }));
    await t.db.analyticsEvent.createMany({
      data: [...tabs, { event: 'quote_step.viewed', properties: { step: 'personal-details' }, userId: null, sessionId: 'busy-tab-500', occurredAt: new Date(opened + 500 * 86_400_000 - 60_000) }],
    });
    const body = userTrackingResponseSchema.parse((await admin.get(`/api/admin/user-tracking/${id}?kinds=wizard_step`)).body);
    expect(body.visitorSessions).toHaveLength(500);
    expect(body.visitorSessions[0]).toBe('busy-tab-500');
    expect(body.entries.map((entry) => [entry.title, entry.visitorSessionId])).toEqual([['Wizard step shown: personal-details', 'busy-tab-500']]);
  });

  it('starts from an anonymous visitor’s tab session when that visitor later registered', async () => {
    const found = visitorSessionResponseSchema.parse((await admin.get('/api/admin/user-tracking/visitor-sessions/tab-casey')).body);
    expect(found).toEqual({ success: true, sessionId: 'tab-casey', person: { id: ids.casey, name: 'Casey Customer', email: 'casey@example.com' }, anonymousEvents: 2 });
    const stranger = await admin.get('/api/admin/user-tracking/visitor-sessions/tab-stranger');
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toMatch(/sent 1 events but has not signed in or registered/);
    expect((await admin.get('/api/admin/user-tracking/visitor-sessions/no-session-storage')).status).toBe(400);
  });
});

describe('staff actions on an account', () => {
  it('locks an account: its open session ends with the reason, sign-in is refused with it, and unlocking lets the person back in', async () => {
    const member = await signedInAgent(t.app, 'dana@example.com');
    expect((await member.get('/api/dashboard/overview')).status).toBe(200);
    const lock = await admin.post(`/api/admin/user-lookup/${ids.dana}/lock`).send({ reason: 'Asked us to close the account while away' });
    expect(lock.status).toBe(200);
    expect(lock.body.message).toBe('Dana Farmer’s account is locked: they cannot sign in, and their open sessions have ended.');
    const refused = await member.get('/api/dashboard/overview');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'account_disabled', message: 'This account has been locked by the mutual’s staff. Call the office to have it unlocked.' });
    expect((await member.get('/api/dashboard/overview')).status).toBe(401);
    const signIn = await (await csrfAgent(t.app)).post('/api/auth/signin').send({ email: 'dana@example.com', password: TEST_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toBe('account_disabled');
    expect((await lookUp('Dana')).people[0]?.locked).toBe(true);
    expect((await admin.post(`/api/admin/user-lookup/${ids.dana}/lock`).send({ reason: 'again' })).status).toBe(409);

    const events = await t.db.securityEvent.findMany({ where: { userId: ids.dana, type: { in: ['account_locked_by_staff', 'account_unlocked_by_staff', 'sign_in_failure'] } }, orderBy: { createdAt: 'asc' } });
    expect(events.map((event) => [event.type, (event.details as { reason?: string }).reason])).toEqual([
      ['account_locked_by_staff', 'Asked us to close the account while away'],
      ['sign_in_failure', 'locked_by_staff'],
    ]);
    expect((await admin.post(`/api/admin/user-lookup/${ids.dana}/unlock`)).body.message).toBe('Dana Farmer’s account is unlocked: they can sign in again.');
    await signedInAgent(t.app, 'dana@example.com');
    const audit = await t.db.auditLog.findMany({ where: { customerId: ids.dana, action: { in: ['people.account_locked', 'people.account_unlocked'] } }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((entry) => [entry.actorId, entry.action])).toEqual([
      [ids.admin, 'people.account_locked'],
      [ids.admin, 'people.account_unlocked'],
    ]);
  });

  it('refuses to lock one’s own account or without a reason', async () => {
    expect((await admin.post(`/api/admin/user-lookup/${ids.admin}/lock`).send({ reason: 'testing' })).status).toBe(400);
    const noReason = await admin.post(`/api/admin/user-lookup/${ids.casey}/lock`).send({});
    expect(noReason.status).toBe(400);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: ids.casey } })).lockedAt).toBeNull();
  });

  it('sends the person the password reset e-mail and logs who asked', async () => {
    const response = await admin.post(`/api/admin/user-lookup/${ids.casey}/password-reset`);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('A password reset link has gone to casey@example.com. It works once, within 60 minutes.');
    expect(await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'casey@example.com', '/auth/reset-password?token=')).toMatch(/\/auth\/reset-password\?token=/);
    const link = await t.db.passwordResetToken.findFirstOrThrow({ where: { userId: ids.casey, usedAt: null } });
    expect((await t.db.queuedEmail.findFirstOrThrow({ where: { toAddress: 'casey@example.com', subject: 'Reset your Grain Growers Mutual password' } })).sendBy).toEqual(link.expiresAt);
    expect(await t.db.auditLog.count({ where: { action: 'people.password_reset_sent', customerId: ids.casey, actorId: ids.admin } })).toBe(1);
    const timeline = userTrackingResponseSchema.parse((await admin.get(`/api/admin/user-tracking/${ids.casey}?kinds=account,staff_change`)).body);
    // Both entries are written in the same instant, so their order between themselves is not fixed.
    expect(timeline.entries.slice(0, 2).map((entry) => [entry.title, entry.byStaff])).toEqual(
      expect.arrayContaining([
        ['People password reset sent', 'Ada Admin'],
        ['Password reset link sent by staff', 'Ada Admin'],
      ]),
    );
  });
});

describe('a password reset sent by staff', () => {
  it('makes no link and sends nothing when who asked cannot be logged, and works when asked again', async () => {
    const fern = await createTestUser(t.db, { email: 'fern@example.com', firstName: 'Fern' });
    const links = () => t.db.passwordResetToken.count({ where: { userId: fern.id } });
    const lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'AuditLog', 'INSERT');
    try {
      expect((await admin.post(`/api/admin/user-lookup/${fern.id}/password-reset`)).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await links()).toBe(0);
    expect(await t.db.queuedEmail.count({ where: { toAddress: 'fern@example.com' } })).toBe(0);
    expect((await admin.post(`/api/admin/user-lookup/${fern.id}/password-reset`)).status).toBe(200);
    expect(await links()).toBe(1);
    await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'fern@example.com', '/auth/reset-password?token=');
    expect(await t.db.queuedEmail.count({ where: { toAddress: 'fern@example.com' } })).toBe(1);
  });
});

describe('the person page with their requests for help and their lead', () => {
  it('shows a callback request asked for signed in as a support request and the lead it made, and nobody else’s', async () => {
    const eve = await createTestUser(t.db, { email: 'eve@example.com', firstName: 'Eve', lastName: 'Prospect' });
    // Asked signed in: a request joins an account only so, never by the address typed.
    const asked = await (await signedInAgent(t.app, 'eve@example.com')).post('/api/callbacks/request').send({
      reason: 'Questions about my estimate',
      timePreference: 'Morning',
      customTime: '',
      description: 'Is canola covered?',
      userInfo: { email: 'eve@example.com', firstName: 'Eve', lastName: 'Prospect', phone: '0412 000 111' },
    });
    expect(asked.status).toBe(201);

    const body = personDetailSchema.parse((await admin.get(`/api/admin/user-lookup/${eve.id}`)).body);
    expect(body.supportRequests.map(({ source, status, email }) => ({ source, status, email }))).toEqual([{ source: 'callback', status: 'new', email: 'eve@example.com' }]);
    expect(body.leads.map(({ source, stage, email }) => ({ source, stage, email }))).toEqual([{ source: 'callback', stage: 'new', email: 'eve@example.com' }]);
    const casey = personDetailSchema.parse((await admin.get(`/api/admin/user-lookup/${ids.casey}`)).body);
    expect(casey.supportRequests).toEqual([]);
    expect(casey.leads).toEqual([]);
  });
});
