import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApplication, createDashboardWorld } from '../../testing/dashboard-fixtures';
import { INVOICES_NEED_PAYMENT_DETAILS } from '@shared/domain/billing/how-to-pay';
import { createTestUser, httpsSignedInCaller, allMailSent } from '../../testing/accounts';
import { createTestApp } from '../../testing/test-app';
import { refuseWritesOf } from '../../testing/refuse-writes';

type World = Awaited<ReturnType<typeof createDashboardWorld>>;
let world: World;
let t: World['t'], users: World['users'], agents: World['agents'], accepted: World['accepted'], lodge: World['lodge'], claimFields: World['claimFields'];

beforeAll(async () => {
  world = await createDashboardWorld();
  ({ t, users, agents, accepted, lodge, claimFields } = world);
  // An open claim for the overview and the season report.
  expect((await lodge(agents.member, claimFields())).status).toBe(201);
});
afterAll(() => world.t.close());

describe('protections', () => {
  it('lists the member’s protections with paddocks, values and dates', async () => {
    const response = await agents.member.get('/api/dashboard/protections');
    expect(response.status).toBe(200);
    expect(response.body.protections).toHaveLength(2);
    const both = response.body.protections.find((p: { id: string }) => p.id === accepted.id);
    expect(both).toMatchObject({ status: 'active', stage: 'protected', coverageDescription: 'Hail, Fire & Lightning', season: '2026', endsOn: '2027-03-31', insuredValueCents: 50_000_000 });
    expect(both.paddocks.map((p: { valueCents: number }) => p.valueCents)).toEqual([30_000_000, 20_000_000, 0]);
  });

  it('shows a member’s protections to their broker and administrators, not to another member or broker', async () => {
    const path = `/api/dashboard/protections?memberId=${users.member.id}`;
    expect((await agents.broker.get(path)).status).toBe(200);
    expect((await agents.admin.get(path)).status).toBe(200);
    expect((await agents.other.get(path)).status).toBe(403);
    expect((await agents.otherBroker.get(path)).status).toBe(403);
    expect((await request(t.app).get(path)).status).toBe(401);
    expect((await agents.member.get('/api/dashboard/protections?memberId=../x')).status).toBe(400);
  });

  it('lets only staff move an application along its path', async () => {
    const application = await createApplication(t.db, users.other.id);
    const path = `/api/dashboard/protections/${application.id}/status`;
    expect((await agents.other.put(path).send({ status: 'accepted' })).status).toBe(403);
    expect((await agents.otherBroker.put(path).send({ status: 'accepted' })).status).toBe(403);
    expect((await agents.admin.put(path).send({ status: 'ended' })).status).toBe(409);
    expect((await agents.admin.put(path).send({ status: 'approved' })).status).toBe(400);
    const moved = await agents.admin.put(path).send({ status: 'under_review' });
    expect(moved.status).toBe(200);
    expect(moved.body.protection.status).toBe('under_review');
    expect((await agents.admin.put('/api/dashboard/protections/none/status').send({ status: 'accepted' })).status).toBe(404);
  });

  it('tells the member each move in the dashboard’s words: the new stage, what it means and where to see it', async () => {
    const application = await createApplication(t.db, users.other.id);
    const reference = (await t.db.protectionApplication.findUniqueOrThrow({ where: { id: application.id } })).reference ?? application.id;
    const mails = () =>
      readdirSync(t.env.MAIL_OUTBOX_DIR)
        // Quoted-printable soft line breaks undone, so sentences read whole.
        .map((file) => readFileSync(join(t.env.MAIL_OUTBOX_DIR, file), 'utf8').replace(/=\r?\n/g, ''))
        .filter((mail) => mail.includes(`Subject: Your application ${reference}:`));
    await agents.admin.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'under_review' }).expect(200);
    await agents.admin.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' }).expect(200);
    await allMailSent(t);
    const [underReview, invoiced] = [mails().find((mail) => mail.includes(': Under review')), mails().find((mail) => mail.includes(': Invoiced'))];
    expect(underReview).toContain('Where it is up to: Under review');
    expect(underReview).toContain('Our underwriting team is reviewing your paddocks and figures. You are not protected yet.');
    // Accepting issues the invoices in the same step, so the member reads "Invoiced", as the dashboard says.
    expect(invoiced).toContain('Accepted and invoiced. Protection starts when your first payment reaches us.');
    expect(invoiced).toContain('/dashboard/protection');
    expect(mails()).toHaveLength(2);
  });

  it('draws a protection summary PDF for those allowed, hiding it from others', async () => {
    const path = `/api/dashboard/protections/${accepted.id}/summary.pdf`;
    const response = await agents.member.get(path).buffer(true);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(response.body).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await agents.broker.get(path)).status).toBe(200);
    expect((await agents.other.get(path)).status).toBe(404);
    expect((await agents.member.get('/api/dashboard/protections/nope/summary.pdf')).status).toBe(404);
  });
});

describe('overview and reports', () => {
  it('puts the season at a glance together', async () => {
    const response = await agents.member.get('/api/dashboard/overview');
    expect(response.status).toBe(200);
    expect(response.body.member.name).toBe('Jo Grower');
    expect(response.body.protections.length).toBeGreaterThan(0);
    expect(response.body.openClaims.length).toBeGreaterThan(0);
    expect(response.body.owed.outstandingCents).toBeGreaterThan(0);
    expect((await agents.other.get(`/api/dashboard/overview?memberId=${users.member.id}`)).status).toBe(403);
    expect((await agents.broker.get(`/api/dashboard/overview?memberId=${users.member.id}`)).body.drafts).toEqual([]);
  });

  it('lists the member’s unfinished quotes and saved estimates, newest first, to resume', async () => {
    const quote = { farmData: { address: 'Cunderdin WA', paddockSections: [{ id: 'p1', name: 'Home' }] } };
    const draft = await t.db.draft.create({ data: { id: 'overview-draft', userId: users.member.id, step: 'crop-details', dataHash: '-', quoteData: quote, validationData: {}, uiState: {} } });
    const estimate = await t.db.savedEstimate.create({ data: { userId: users.member.id, data: { quoteData: quote, pricing: {} } } });
    const { body } = await agents.member.get('/api/dashboard/overview').expect(200);
    expect(body.drafts).toEqual([{ id: 'overview-draft', step: 'crop-details', updatedAt: draft.updatedAt.toISOString() }]);
    expect(body.savedEstimates).toEqual([{ id: estimate.id, createdAt: estimate.createdAt.toISOString() }]);
  });

  it('summarises the season by paddock and crop, as JSON and as CSV', async () => {
    const report = await agents.member.get('/api/reports/season?season=2026');
    expect(report.status).toBe(200);
    expect(report.body.byCrop.map((row: { crop: string }) => row.crop)).toContain('wheat');
    expect(report.body.totals.claims).toBeGreaterThan(0);
    const csv = await agents.member.get('/api/reports/season.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('season-report-grower-2026.csv');
    expect(csv.text).toContain('North Paddock,wheat,"Hail, Fire & Lightning",200');
    expect((await agents.member.get('/api/reports/season?season=last')).status).toBe(400);
    expect((await agents.otherBroker.get(`/api/reports/season.csv?memberId=${users.member.id}`)).status).toBe(403);
  });
});

describe('staff steps in the audit log', () => {
  it('writes the acceptance of an application and each recorded payment to the audit log', async () => {
    const application = await createApplication(t.db, users.other.id);
    expect((await agents.admin.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' })).status).toBe(200);
    const acceptance = (await t.db.auditLog.findMany({ where: { action: 'application.status_changed', customerId: users.other.id } })).filter(
      (entry) => (entry.details as { applicationId?: string }).applicationId === application.id,
    );
    expect(acceptance.map((entry) => ({ actorId: entry.actorId, details: entry.details }))).toEqual([{ actorId: users.admin.id, details: { applicationId: application.id, from: 'submitted', to: 'accepted' } }]);

    const invoice = (await agents.other.get('/api/invoices')).body.invoices.find((item: { kind: string }) => item.kind === 'membership_fee');
    const paid = await agents.admin.post(`/api/invoices/${invoice.id}/payments`).send({ amountDollars: 200, receivedOn: '2026-06-02', method: 'bpay', reference: 'BPAY 99' });
    expect(paid.status).toBe(201);
    const payments = await t.db.auditLog.findMany({ where: { action: 'payment.recorded', customerId: users.other.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      actorId: users.admin.id,
      details: {
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        receiptNumber: paid.body.invoice.payments[0].receiptNumber,
        amountCents: 20_000,
        receivedOn: '2026-06-02',
        method: 'bpay',
        reference: 'BPAY 99',
      },
    });
  });
});

describe('accepting an application', () => {
  const invoicesOf = (applicationId: string) => t.db.invoice.findMany({ where: { applicationId }, orderBy: { number: 'asc' } });

  it('issues its invoices in the acceptance itself, before anyone reads the dashboard', async () => {
    const member = await createTestUser(t.db, { email: 'accepted-now@example.com' });
    const application = await createApplication(t.db, member.id, { seasonYear: 2031 });
    expect(await invoicesOf(application.id)).toEqual([]);
    expect((await agents.admin.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' })).status).toBe(200);
    expect((await invoicesOf(application.id)).map(({ number, kind }) => ({ number, kind }))).toEqual([
      { number: 'INV-2031-00001', kind: 'membership_fee' },
      { number: 'INV-2031-00002', kind: 'contribution' },
    ]);
  });

  it('stays submitted, with no invoice and no audit entry, when its invoices cannot be written', async () => {
    const member = await createTestUser(t.db, { email: 'accepted-later@example.com' });
    const application = await createApplication(t.db, member.id, { seasonYear: 2032 });
    const lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'Invoice', 'INSERT');
    try {
      expect((await agents.admin.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' })).status).toBe(500);
    } finally {
      await lift();
    }
    expect((await t.db.protectionApplication.findUniqueOrThrow({ where: { id: application.id } })).status).toBe('submitted');
    expect(await invoicesOf(application.id)).toEqual([]);
    expect(await t.db.auditLog.count({ where: { action: 'application.status_changed', customerId: member.id } })).toBe(0);

    expect((await agents.admin.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' })).status).toBe(200);
    expect(await invoicesOf(application.id)).toHaveLength(2);
  });
});

describe('an invoice a person can pay', () => {
  it('in production, refuses to accept an application (and so issue its invoices) until the payment details are set, and accepts once they are', async () => {
    const production = (overrides: Record<string, string>) => createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://members.grainmutual.example', TRUST_PROXY: '1', ...overrides });
    const bare = await production({});
    try {
      await createTestUser(bare.db, { email: 'prod-staff@example.com', isAdmin: true });
      const grower = await createTestUser(bare.db, { email: 'prod-grower@example.com' });
      const application = await createApplication(bare.db, grower.id);
      const call = await httpsSignedInCaller(bare.app, 'prod-staff@example.com');
      const refused = await call('put', `/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'invoices_need_payment_details', message: INVOICES_NEED_PAYMENT_DETAILS });
      expect(await bare.db.invoice.count({ where: { applicationId: application.id } })).toBe(0);
      expect((await bare.db.protectionApplication.findUniqueOrThrow({ where: { id: application.id } })).status).toBe('submitted');
    } finally {
      await bare.close();
    }
    const configured = await production({ PAYMENT_ACCOUNT_NAME: 'Grain Growers Mutual Limited', PAYMENT_BSB: '036-001', PAYMENT_ACCOUNT_NUMBER: '12345678' });
    try {
      await createTestUser(configured.db, { email: 'prod-staff@example.com', isAdmin: true });
      const grower = await createTestUser(configured.db, { email: 'prod-grower@example.com' });
      const application = await createApplication(configured.db, grower.id);
      const call = await httpsSignedInCaller(configured.app, 'prod-staff@example.com');
      expect((await call('put', `/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' })).status).toBe(200);
      expect(await configured.db.invoice.count({ where: { applicationId: application.id } })).toBe(2);
    } finally {
      await configured.close();
    }
    // Two servers of their own start here.
  }, 90_000);
});
