import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountApplicationsResponseSchema, discountRulePreviewResponseSchema, discountRulesResponseSchema, discountSummaryResponseSchema } from '@shared/contracts/discounts';
import type { QuoteStateInput } from '@shared/contracts/quote';
import { notificationCountResponseSchema } from '@shared/contracts/public-site';
import { waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import { calendarSeason } from '@shared/domain/protection/seasons';
import { DISCLOSURE_ACKNOWLEDGEMENTS } from '@shared/domain/quote/disclosures';
import { formatDate } from '@shared/format';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { linesOfCsv } from '../../testing/csv-file';
import { bareApplication, createApplication, ensureSeason } from '../../testing/dashboard-fixtures';
import { squareOutline } from '@shared/domain/geo/testing/square-outline';

let t: TestApp;
let maker: TestAgent;
let checker: TestAgent;
let member: TestAgent;
let makerId: string;
let memberId: string;
// No season is opened by staff here: the calendar year's is made on first use.
const thisSeason = calendarSeason(waCalendarDate(new Date())).year;
/** What the admin bell says waits for staff (GET /api/admin/notifications/count). */
const bell = async () => notificationCountResponseSchema.parse((await checker.get('/api/admin/notifications/count').expect(200)).body).attention;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  makerId = (await createTestUser(t.db, { email: 'maker@example.com', firstName: 'Morgan', lastName: 'Maker', isAdmin: true })).id;
  await createTestUser(t.db, { email: 'checker@example.com', firstName: 'Casey', lastName: 'Checker', isAdmin: true });
  memberId = (await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Wheatley' })).id;
  maker = await signedInAgent(t.app, 'maker@example.com');
  checker = await signedInAgent(t.app, 'checker@example.com');
  member = await signedInAgent(t.app, 'grower@example.com');
});
afterAll(() => t.close());

const rulesOf = async () => discountRulesResponseSchema.parse((await maker.get('/api/admin/discount-rules')).body);
/** The checker approves the change the maker's request left waiting for this rule (by its name). */
const approvedByChecker = async (asked: { status: number; body: unknown }, ruleName: string) => {
  expect(asked.status).toBe(202);
  const change = discountRulesResponseSchema.parse(asked.body).pending.find((item) => item.rule.name === ruleName)!;
  const approved = await checker.post(`/api/admin/discount-rules/changes/${change.id}/approve`).send({});
  expect(approved.status).toBe(200);
  return discountRulesResponseSchema.parse(approved.body);
};
const audits = () => t.db.auditLog.findMany({ where: { action: 'pricing_model_changed' }, orderBy: { createdAt: 'asc' } });
/** A conditional rule: 5% for a quote of 500 ha or more. */
const bigHolding = { name: 'Big holding', kind: 'conditional', isActive: true, priority: 10, stacks: true, conditions: { minTotalHectares: 500 }, amount: { type: 'percentage', rate: 0.05 } };
/** docs/pricing.md example 1 (400 ha wheat and 150 ha canola in CWB, hail): gross $5,857.32. */
const example1 = {
  coverageType: 'hail',
  zone: 'CWB',
  cropAllocations: [
    { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 },
    { type: 'canola', hectares: 150, expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 },
  ],
};
const price = async () =>
  (await request(t.app).post('/api/pricing/calculate').set('Host', '127.0.0.1').set('Origin', 'http://127.0.0.1').send(example1)).body as {
    premium: number;
    modelVersion: string;
    appliedDynamicDiscounts: Array<{ id: string; amount: number }>;
  };

/** Example 1 as a submitted quote from Cunderdin (CWB). */
const quote: QuoteStateInput = {
  personalDetails: {
    firstName: 'Jo',
    lastName: 'Wheatley',
    email: 'grower@example.com',
    disclosureAcknowledgments: Object.fromEntries(DISCLOSURE_ACKNOWLEDGEMENTS.map(({ key }) => [key, { accepted: true, acknowledgedAt: '2020-01-01T00:00:00.000Z' }])),
  },
  farmData: {
    address: 'Lot 4 Great Eastern Hwy, Cunderdin WA',
    farmLocation: { lat: -31.65, lng: 117.24, label: 'Cunderdin WA 6407' },
    zone: 'CWB',
    paddockSections: [
      { id: 'p1', name: 'Home', area: 400, crop: 'wheat', geometry: squareOutline(117.2, -31.6, 0.02) },
      { id: 'p2', name: 'Creek', area: 150, crop: 'canola', geometry: squareOutline(117.23, -31.6, 0.015) },
    ],
  },
  cropDetails: { byCrop: { wheat: { expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 }, canola: { expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 } } },
  estimates: { hail: { premium: 1, totalPayable: 2, insuredValue: 3 }, selectedCoverageType: 'hail' },
  coverage: { selectedOption: 'submit' },
};

let bigHoldingId = '';
let applicationId = '';

describe('/api/admin/discount-rules', () => {
  it('lists the seeded rules with the model version, cap and minimum premium', async () => {
    const body = await rulesOf();
    expect(body.rules.map((rule) => rule.id)).toEqual(['discount-volume', 'discount-early-season', 'discount-multi-year', 'discount-referrer']);
    expect(body).toMatchObject({ maxTotalDiscountRate: 0.12, minimumPremium: 250, seasonYear: thisSeason, usage: [] });
    expect((await member.get('/api/admin/discount-rules')).status).toBe(403);
    expect((await request(t.app).get('/api/admin/discount-rules')).status).toBe(401);
  });

  it('turns the early-season discount off under a new version once approved, audited (so the figures below hold on any day)', async () => {
    const before = await rulesOf();
    const response = await maker
      .put('/api/admin/discount-rules/discount-early-season')
      .send({ name: 'Early-season discount', kind: 'earlySeason', windowStart: '04-01', windowEnd: '06-30', rate: 0.04, isActive: false });
    expect(response.status).toBe(202);
    expect(discountRulesResponseSchema.parse(response.body).rules.find((rule) => rule.id === 'discount-early-season')?.isActive).toBe(true);
    const body = await approvedByChecker(response, 'Early-season discount');
    expect(body.version).not.toBe(before.version);
    expect(body.rules.find((rule) => rule.id === 'discount-early-season')?.isActive).toBe(false);
    expect((await audits()).at(-1)?.details).toMatchObject({
      change: 'dynamicDiscount',
      target: { id: 'discount-early-season' },
      before: { isActive: true },
      after: { isActive: false },
      previousVersion: before.version,
      version: body.version,
    });
  });

  it('creates a rule that changes a new quote’s price once approved: $292.86 off example 1, under a new version', async () => {
    const before = await price();
    const response = await maker.post('/api/admin/discount-rules').send(bigHolding);
    const body = await approvedByChecker(response, 'Big holding');
    const created = body.rules.find((rule) => rule.name === 'Big holding');
    expect(created).toMatchObject({ kind: 'conditional', priority: 10, stacks: true, amount: { type: 'percentage', rate: 0.05 } });
    bigHoldingId = created!.id;
    expect(body.rules[0]?.id).toBe(bigHoldingId); // highest priority first
    const after = await price();
    expect(after.modelVersion).toBe(body.version);
    expect(after.modelVersion).not.toBe(before.modelVersion);
    expect(after.appliedDynamicDiscounts).toContainEqual(expect.objectContaining({ id: bigHoldingId, amount: 292.86 }));
    expect(before.premium).toBe(5_857.32);
    expect(after.premium).toBe(5_564.46);
    expect((await audits()).at(-1)?.details).toMatchObject({ change: 'discountRuleCreated', target: { id: bigHoldingId }, before: null, previousVersion: before.modelVersion, version: after.modelVersion });
  });

  it('refuses a rule the model cannot take, with the schema’s sentence, and writes nothing', async () => {
    const { version } = await rulesOf();
    const backwards = await maker.post('/api/admin/discount-rules').send({ ...bigHolding, validFrom: '2026-06-01', validTo: '2026-05-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('Big holding: the validity window must end on or after the day it starts (2026-06-01)');
    const tooMuch = await maker.put('/api/admin/discount-rules/discount-referrer').send({ name: 'Referrer discount', kind: 'referrer', rate: 0.9, isActive: true });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch('Referrer rate must be at most 0.5 (50%); 0.05 means 5%');
    const kindChange = await maker.put('/api/admin/discount-rules/discount-referrer').send({ name: 'x', kind: 'multiYear', minimumPriorSeasons: 1, rate: 0.01, isActive: true });
    expect(kindChange.body.message).toBe('Discount rule discount-referrer is a referrer discount; its kind cannot change.');
    expect((await maker.put('/api/admin/discount-rules/no-such-rule').send({ name: 'x', kind: 'referrer', rate: 0.01, isActive: true })).status).toBe(404);
    expect((await rulesOf()).version).toBe(version);
  });

  it('previews a rule on the three sample quotes and on last season’s applications, writing nothing', async () => {
    const lastSeason = thisSeason - 1;
    const crops = (rows: Array<[string, number, number, number, number]>) => ({
      create: rows.map(([cropType, hectares, expectedYield, pricePerTonne, hurdlePercentage], sortOrder) => ({
        sectionId: `s${sortOrder}`,
        cropType,
        hectares,
        expectedYield,
        pricePerTonne,
        hurdlePercentage,
        insuredValue: 0,
        grossPremium: 0,
        sortOrder,
      })),
    });
    const lastYear = <Extra extends object>(extra: Extra) => bareApplication(memberId, lastSeason, { quoteDate: `${lastSeason}-08-10`, modelVersion: 'old', ...extra });
    await ensureSeason(t.db, lastSeason);
    await t.db.protectionApplication.create({
      data: lastYear({
        crops: crops([
          ['wheat', 400, 2.5, 340, 5],
          ['canola', 150, 1.4, 720, 15],
        ]),
      }),
    });
    await t.db.protectionApplication.create({ data: lastYear({ crops: crops([['wheat', 300, 2.5, 340, 0]]) }) });
    const { version } = await rulesOf();

    const response = await maker.post('/api/admin/discount-rules/preview').send({ rule: { ...bigHolding, name: 'Bigger holding', amount: { type: 'percentage', rate: 0.06 } } });
    expect(response.status).toBe(200);
    const body = discountRulePreviewResponseSchema.parse(response.body);
    expect(body.samples.map((sample) => [sample.label, sample.ruleAmountCents, sample.premiumBeforeCents, sample.premiumAfterCents])).toEqual([
      ['Small wheat farm', 0, 261_360, 261_360],
      // With Big holding (5%), multi-year (3%), referrer (2%) and volume, 6% more passes the 12% cap: the rule is scaled down.
      ['Mixed family farm', 116_607, 2_346_881, 2_297_872],
      ['Large southern holding', 410_681, 8_693_746, 8_611_112],
    ]);
    expect(body.samples[1]?.description).toBe('6% for 500 ha or more (scaled down: discounts together are capped at 12%)');
    // Example 1 again (a 1-season member, no referrer): 6% more of $5,857.32 beside Big holding's 5%; the 300 ha farm is too small.
    expect(body.lastSeason).toEqual({ seasonYear: lastSeason, applications: 2, wouldGet: 1, costCents: 35_144, unpriced: 0 });
    expect((await rulesOf()).version).toBe(version);
  });
});

describe('/api/admin/discount-management', () => {
  const applicationsOf = async (query = '') => discountApplicationsResponseSchema.parse((await maker.get(`/api/admin/discount-management/applications${query}`)).body);
  const summaryOf = async () => discountSummaryResponseSchema.parse((await maker.get('/api/admin/discount-management/summary')).body);

  it('records, with a submitted application, which rules applied and how much; a later rule change leaves it alone', async () => {
    const submitted = await member.post('/api/protection').set('Idempotency-Key', randomUUID()).send(quote);
    expect(submitted.status).toBe(201);
    applicationId = submitted.body.application.id as string;
    const stored = await t.db.applicationDiscount.findMany({ where: { applicationId } });
    expect(stored.map((row) => [row.ruleId, row.ruleName, row.amountCents])).toEqual([[bigHoldingId, 'Big holding', 29_286]]);

    await approvedByChecker(await maker.put(`/api/admin/discount-rules/${bigHoldingId}`).send({ ...bigHolding, amount: { type: 'percentage', rate: 0.1 } }), 'Big holding');
    const list = await applicationsOf();
    expect(list).toMatchObject({ seasonYear: thisSeason, total: 1, page: 1 });
    expect(list.applications[0]).toMatchObject({
      id: applicationId,
      memberName: 'Jo Wheatley',
      grossPremiumCents: 585_732,
      premiumCents: 556_446,
      totalDiscountCents: 29_286,
      ruleDiscounts: [{ ruleId: bigHoldingId, ruleName: 'Big holding', amountCents: 29_286, description: '5% for 500 ha or more' }],
      // $5,564.46 less the $250 minimum premium.
      manualRoomCents: 531_446,
    });
    expect((await applicationsOf(`?rule=discount-referrer`)).total).toBe(0);
    expect((await applicationsOf(`?q=wheatley`)).total).toBe(1);
    expect((await applicationsOf(`?q=nobody`)).total).toBe(0);
    expect((await maker.get('/api/admin/discount-management/applications?page=0')).status).toBe(400);
  });

  it('counts a manual discount only once a second administrator approves it, and refuses self-approval', async () => {
    const tooMuch = await maker.post('/api/admin/discount-management/manual').send({ applicationId, amount: 5_400, reason: 'Hail netting installed after quoting' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('The most this application can be given is $5,314.46: a discount never takes a premium below the minimum premium (manual discounts already granted or waiting count).');
    const noReason = await maker.post('/api/admin/discount-management/manual').send({ applicationId, amount: 150 });
    expect(noReason.body.issues).toEqual([{ path: 'reason', message: 'Reason is required' }]);

    const waitingBefore = (await bell()).manualDiscountsAwaitingApproval;
    const granted = await maker.post('/api/admin/discount-management/manual').send({ applicationId, amount: 150, reason: 'Goodwill: storm damage to the shed' });
    expect(granted.status).toBe(201);
    // Every administrator's bell counts it until a second person decides.
    expect((await bell()).manualDiscountsAwaitingApproval).toBe(waitingBefore + 1);
    const manualId = granted.body.discount.id as string;
    expect(granted.body.discount).toMatchObject({ status: 'pending', amountCents: 15_000, requestedBy: 'Morgan Maker' });
    let summary = await summaryOf();
    expect(summary.totalCents).toBe(29_286);
    expect(summary.pending).toMatchObject([{ id: manualId, memberName: 'Jo Wheatley', amountCents: 15_000 }]);

    const self = await maker.post(`/api/admin/discount-management/manual/${manualId}/approve`).send({});
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ error: 'self_approval', message: 'You asked for this discount, so a second administrator must approve it (maker-checker).' });
    expect((await maker.post(`/api/admin/discount-management/manual/${manualId}/reject`).send({})).body).toMatchObject({ error: 'self_approval' });

    const approved = await checker.post(`/api/admin/discount-management/manual/${manualId}/approve`).send({ note: 'Checked the claim file' });
    expect(approved.status).toBe(200);
    expect((await bell()).manualDiscountsAwaitingApproval).toBe(waitingBefore);
    expect(approved.body.discount).toMatchObject({ status: 'approved', decidedBy: 'Casey Checker', decisionNote: 'Checked the claim file' });
    expect((await checker.post(`/api/admin/discount-management/manual/${manualId}/reject`).send({})).status).toBe(409);

    summary = await summaryOf();
    const month = waCalendarDate(new Date()).slice(0, 7);
    expect(summary).toMatchObject({
      seasonYear: thisSeason,
      totalCents: 44_286,
      byRule: [
        { ruleId: bigHoldingId, ruleName: 'Big holding', applications: 1, amountCents: 29_286 },
        { ruleId: 'manual', ruleName: 'Manual discounts', applications: 1, amountCents: 15_000 },
      ],
      byMonth: [{ month, applications: 1, amountCents: 44_286 }],
      pending: [],
    });
    expect((await applicationsOf()).applications[0]).toMatchObject({ totalDiscountCents: 44_286, manualRoomCents: 516_446 });

    const csv = await maker.get('/api/admin/discount-management/applications.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n').slice(1, 3)).toEqual([
      `${applicationId},Jo Wheatley,${waCalendarDate(new Date())},Big holding,rule,292.86,5% for 500 ha or more`,
      `${applicationId},Jo Wheatley,${waCalendarDate(new Date())},Manual discount,approved,150.00,Goodwill: storm damage to the shed`,
    ]);

    const revoked = await maker.post(`/api/admin/discount-management/manual/${manualId}/revoke`).send({ reason: 'Paid out under the claim instead' });
    expect(revoked.body.discount).toMatchObject({ status: 'revoked', revokedBy: 'Morgan Maker', revokeReason: 'Paid out under the claim instead' });
    expect((await summaryOf()).totalCents).toBe(29_286);
    const logged = await t.db.auditLog.findMany({ where: { action: { startsWith: 'manual_discount_' } }, orderBy: { createdAt: 'asc' } });
    expect(logged.map((entry) => [entry.action, entry.actorId === makerId ? 'maker' : 'checker', entry.customerId === memberId])).toEqual([
      ['manual_discount_requested', 'maker', true],
      ['manual_discount_approved', 'checker', true],
      ['manual_discount_revoked', 'maker', true],
    ]);
  });

  it('bills a discount approved before acceptance on the contribution invoice, leaves the revoked one off, and refuses changes once invoiced', async () => {
    const netting = await maker.post('/api/admin/discount-management/manual').send({ applicationId, amount: 123.45, reason: 'Hail netting installed after quoting' });
    const waiting = await maker.post('/api/admin/discount-management/manual').send({ applicationId, amount: 10, reason: 'Late paperwork fee waived' });
    expect([netting.status, waiting.status]).toEqual([201, 201]);
    const nettingId = netting.body.discount.id as string;
    const waitingId = waiting.body.discount.id as string;
    expect((await checker.post(`/api/admin/discount-management/manual/${nettingId}/approve`).send({})).status).toBe(200);

    const accepted = await maker.put(`/api/dashboard/protections/${applicationId}/status`).send({ status: 'accepted' });
    expect(accepted.status).toBe(200);
    const contributionOf = async () => {
      const invoices = (await member.get('/api/invoices')).body.invoices as Array<{
        id: string;
        number: string;
        kind: string;
        applicationId: string;
        lines: unknown;
        subtotalCents: number;
        gstCents: number;
        totalCents: number;
      }>;
      return invoices.find((invoice) => invoice.kind === 'contribution' && invoice.applicationId === applicationId)!;
    };
    const invoice = await contributionOf();
    // $5,564.46 less $123.45 is billed as $5,441.01 would be; the $150 revoked before acceptance is not there.
    expect(invoice).toMatchObject({
      lines: [
        { description: `Contribution for Hail protection, season ${thisSeason}`, amountCents: 556_446, gstCents: 55_645 },
        { description: 'Manual discount: Hail netting installed after quoting', amountCents: -12_345, gstCents: -1_235 },
        { description: 'Mutual loading, 10% of the contribution (GST-free)', amountCents: 54_410, gstCents: 0, gstFree: true },
      ],
      subtotalCents: 598_511,
      gstCents: 54_410,
      totalCents: 652_921,
    });
    const pdf = await member.get(`/api/invoices/${invoice.id}/pdf`).buffer(true);
    expect(pdf.status).toBe(200);

    const credit = `an issued tax invoice cannot change, and the credit note that would lower it cannot be issued here yet`;
    const grantAfter = await maker.post('/api/admin/discount-management/manual').send({ applicationId, amount: 20, reason: 'Asked for after acceptance' });
    expect(grantAfter.status).toBe(409);
    expect(grantAfter.body).toMatchObject({
      error: 'application_invoiced',
      message: `This application's contribution is already invoiced (${invoice.number}), so a discount can no longer be granted here: ${credit}. Ask the accounts team to issue a credit note against ${invoice.number} instead.`,
    });
    const approveAfter = await checker.post(`/api/admin/discount-management/manual/${waitingId}/approve`).send({});
    expect(approveAfter.status).toBe(409);
    expect(approveAfter.body).toMatchObject({
      error: 'application_invoiced',
      message: `This application's contribution was invoiced (${invoice.number}) before this discount was approved, so it cannot count now: ${credit}. Reject this discount and ask the accounts team to issue a credit note against ${invoice.number} instead.`,
    });
    const revokeAfter = await maker.post(`/api/admin/discount-management/manual/${nettingId}/revoke`).send({ reason: 'Netting was not installed after all' });
    expect(revokeAfter.status).toBe(409);
    expect(revokeAfter.body).toMatchObject({
      error: 'application_invoiced',
      message: `This discount is already a line of the member's tax invoice ${invoice.number}, which cannot change: taking it back would need an adjustment note, which cannot be issued here yet. Leave it approved and ask the accounts team to adjust ${invoice.number} instead.`,
    });
    // A discount still waiting was never billed, so it can still be turned down.
    expect((await checker.post(`/api/admin/discount-management/manual/${waitingId}/reject`).send({ note: 'Invoiced already' })).body.discount).toMatchObject({ status: 'rejected' });

    expect(await contributionOf()).toEqual(invoice);
    const statuses = await t.db.manualDiscount.findMany({ where: { applicationId }, orderBy: { requestedAt: 'asc' }, select: { amountCents: true, status: true } });
    expect(statuses).toEqual([
      { amountCents: 15_000, status: 'revoked' },
      { amountCents: 12_345, status: 'approved' },
      { amountCents: 1_000, status: 'rejected' },
    ]);
  });

  it('exports the discounts of every application the filters match, past the thousand read at a time', async () => {
    // 1,000 copies of the application with its rule discounts, all submitted at the same moment, written in two statements.
    await t.db.$executeRaw`
      WITH RECURSIVE n(i) AS (SELECT 1000 UNION ALL SELECT i + 1 FROM n WHERE i < 1999)
      INSERT INTO "ProtectionApplication" ("id", "userId", "status", "coverageType", "zoneCode", "quoteDate", "seasonYear", "modelVersion", "premium", "displayedPremium", "totalPayable", "insuredValue", "coveredArea", "estimate", "pricing", "quoteData", "acknowledgements", "submittedAt", "updatedAt")
      SELECT 'copy-' || i, "userId", "status", "coverageType", "zoneCode", "quoteDate", "seasonYear", "modelVersion", "premium", "displayedPremium", "totalPayable", "insuredValue", "coveredArea", "estimate", "pricing", "quoteData", "acknowledgements", "submittedAt", "updatedAt"
      FROM n, "ProtectionApplication" WHERE "id" = ${applicationId}`;
    await t.db.$executeRaw`
      INSERT INTO "ApplicationDiscount" ("id", "applicationId", "ruleId", "ruleName", "kind", "rate", "amountCents", "description", "modelVersion", "createdAt")
      SELECT 'copy-' || copy."id" || '-' || discount."id", copy."id", discount."ruleId", discount."ruleName", discount."kind", discount."rate", discount."amountCents", discount."description", discount."modelVersion", discount."createdAt"
      FROM "ProtectionApplication" copy, "ApplicationDiscount" discount WHERE copy."id" LIKE 'copy-%' AND discount."applicationId" = ${applicationId}`;
    try {
      const csv = await maker.get('/api/admin/discount-management/applications.csv');
      expect(csv.status).toBe(200);
      const bigHolding = linesOfCsv(csv.text).filter((line) => line.includes(',Big holding,rule,292.86,'));
      expect(new Set(bigHolding.map((line) => line.split(',')[0]))).toEqual(new Set([applicationId, ...Array.from({ length: 1_000 }, (_, index) => `copy-${1_000 + index}`)]));
      expect(bigHolding.length).toBe(1_001);
    } finally {
      await t.db.protectionApplication.deleteMany({ where: { id: { startsWith: 'copy-' } } });
    }
  });
});

describe('maker-checker binds people, not roles', () => {
  let second: TestAgent;
  let secondId = '';
  let adminMember: TestAgent;
  let adminMemberId = '';
  const today = () => formatDate(new Date());
  /** A submitted application of this season (premium $5,000), straight in the database. */
  const applicationOf = async (userId: string) =>
    (await ensureSeason(t.db, thisSeason),
    await t.db.protectionApplication.create({
      data: {
        userId,
        coverageType: 'hail',
        zoneCode: 'CWB',
        quoteDate: waCalendarDate(new Date()),
        seasonYear: thisSeason,
        modelVersion: 'test',
        premium: 5_000,
        displayedPremium: 5_500,
        totalPayable: 6_050,
        insuredValue: 500_000,
        coveredArea: 500,
        estimate: {},
        pricing: {},
        quoteData: {},
        acknowledgements: {},
      },
    })).id;
  const grant = async (agent: TestAgent, application: string, reason: string) => {
    const response = await agent.post('/api/admin/discount-management/manual').send({ applicationId: application, amount: 100, reason });
    expect(response.status).toBe(201);
    return response.body.discount.id as string;
  };
  const statusOf = async (id: string) => (await t.db.manualDiscount.findUniqueOrThrow({ where: { id } })).status;

  beforeAll(async () => {
    secondId = (await createTestUser(t.db, { email: 'second@example.com', firstName: 'Sam', lastName: 'Second' })).id;
    adminMemberId = (await createTestUser(t.db, { email: 'admin-member@example.com', firstName: 'Alex', lastName: 'Grower', isAdmin: true })).id;
    second = await signedInAgent(t.app, 'second@example.com');
    adminMember = await signedInAgent(t.app, 'admin-member@example.com');
  });

  it('the second-admin approval refused: an administrator makes a second account an administrator, approves with it and demotes it again', async () => {
    const discountId = await grant(maker, await applicationOf(memberId), 'Second-account attack');
    expect((await maker.put(`/api/admin/users/${secondId}/roles`).send({ isAdmin: true, permissions: ['admin'] })).status).toBe(200);

    const refused = await second.post(`/api/admin/discount-management/manual/${discountId}/approve`).send({});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'recent_grant',
      message: `Your administrator role came from Morgan Maker, who asked for this discount, within the last 30 days (Morgan Maker made you an administrator on ${today()}), so you are not a second person for it. Ask an administrator whose role did not come from Morgan Maker in the last 30 days.`,
    });
    expect(await statusOf(discountId)).toBe('pending');

    // The approval list shows the grant beside the discount, and says before anyone clicks who may approve it.
    const asSecond = discountSummaryResponseSchema.parse((await second.get('/api/admin/discount-management/summary')).body);
    const waiting = asSecond.pending.find((item) => item.id === discountId)!;
    expect(waiting.approval.refusal).toBe(refused.body.message);
    expect(waiting.approval.approverRoleChanges).toEqual([
      expect.objectContaining({ userId: secondId, userName: 'Sam Second', changedById: makerId, changedByName: 'Morgan Maker', granted: ['administrator'], removed: [] }),
    ]);
    const asChecker = discountSummaryResponseSchema.parse((await checker.get('/api/admin/discount-management/summary')).body);
    expect(asChecker.pending.find((item) => item.id === discountId)?.approval).toMatchObject({ refusal: null, approverRoleChanges: [], requesterRoleChanges: [] });

    // The other way round: the second account asks, and the administrator who made it approves.
    const mirrorId = await grant(second, await applicationOf(memberId), 'Second-account attack, mirrored');
    const mirror = await maker.post(`/api/admin/discount-management/manual/${mirrorId}/approve`).send({});
    expect(mirror.status).toBe(403);
    expect(mirror.body.error).toBe('recent_grant');

    // Demoting the second account again takes nothing back from the log.
    expect((await maker.put(`/api/admin/users/${secondId}/roles`).send({ isAdmin: false, permissions: [] })).status).toBe(200);
    expect(await t.db.securityEvent.count({ where: { type: 'role_changed', userId: secondId } })).toBe(2);
    expect((await second.post(`/api/admin/discount-management/manual/${discountId}/approve`).send({})).status).toBe(403);
    expect(await statusOf(discountId)).toBe('pending');

    // An independent administrator approves, and the audit entry keeps the role changes that were weighed.
    expect((await checker.post(`/api/admin/discount-management/manual/${discountId}/approve`).send({})).status).toBe(200);
    const entry = await t.db.auditLog.findFirstOrThrow({ where: { action: 'manual_discount_approved' }, orderBy: { createdAt: 'desc' } });
    expect(entry.details).toMatchObject({ manualDiscountId: discountId, requesterRoleChanges: [], approverRoleChanges: [] });
  });

  it('the beneficiary approving their own application’s discount refused: an administrator who is also a member', async () => {
    const discountId = await grant(maker, await applicationOf(adminMemberId), 'Goodwill for a staff member’s farm');
    const refused = await adminMember.post(`/api/admin/discount-management/manual/${discountId}/approve`).send({});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'beneficiary_approval',
      message: 'This discount is on your own application, so another administrator must approve it: no one approves a discount they would get themselves.',
    });
    expect(await statusOf(discountId)).toBe('pending');
    expect((await checker.post(`/api/admin/discount-management/manual/${discountId}/approve`).send({})).status).toBe(200);
  });

  it('a discount rule takes effect only once a second person approves it', async () => {
    const before = await price();
    const rule = { ...bigHolding, name: 'Huge holding', priority: 20, amount: { type: 'fixed', value: 100 } };
    const waitingBefore = (await bell()).ruleChangesAwaitingApproval;
    const asked = await maker.post('/api/admin/discount-rules').send(rule);
    expect(asked.status).toBe(202);
    expect((await bell()).ruleChangesAwaitingApproval).toBe(waitingBefore + 1);
    const body = discountRulesResponseSchema.parse(asked.body);
    expect(body.rules.map((item) => item.name)).not.toContain('Huge holding');
    const change = body.pending.find((item) => item.rule.name === 'Huge holding')!;
    expect(change).toMatchObject({ isNew: true, before: null, requestedBy: 'Morgan Maker', requestedById: makerId });
    // Not priced while it waits.
    expect(await price()).toEqual(before);

    const own = await maker.post(`/api/admin/discount-rules/changes/${change.id}/approve`).send({});
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ error: 'self_approval', message: 'You asked for this change to the discount rules, so a second administrator must approve it (maker-checker).' });
    // Sam Second held the administrator role from Morgan Maker within the window: made one again, still not a second person.
    expect((await maker.put(`/api/admin/users/${secondId}/roles`).send({ isAdmin: true, permissions: ['admin'] })).status).toBe(200);
    const tied = await second.post(`/api/admin/discount-rules/changes/${change.id}/approve`).send({});
    expect(tied.status).toBe(403);
    expect(tied.body.error).toBe('recent_grant');
    expect(await price()).toEqual(before);

    const approved = await checker.post(`/api/admin/discount-rules/changes/${change.id}/approve`).send({ note: 'Board minute 14' });
    expect(approved.status).toBe(200);
    expect((await bell()).ruleChangesAwaitingApproval).toBe(waitingBefore);
    const after = discountRulesResponseSchema.parse(approved.body);
    expect(after.pending.map((item) => item.id)).not.toContain(change.id);
    expect(after.rules.find((item) => item.id === change.ruleId)).toMatchObject({ name: 'Huge holding', amount: { type: 'fixed', value: 100 } });
    const priced = await price();
    expect(priced.modelVersion).toBe(after.version);
    expect(priced.appliedDynamicDiscounts).toContainEqual(expect.objectContaining({ id: change.ruleId }));
    expect((await audits()).at(-1)?.details).toMatchObject({
      change: 'discountRuleCreated',
      target: { id: change.ruleId },
      ruleChangeId: change.id,
      requestedById: makerId,
      version: after.version,
    });
    expect((await audits()).at(-1)?.actorId).not.toBe(makerId);
  });

  it('a change to an approved rule leaves the approved version pricing until a second person approves it, and can be rejected', async () => {
    const { rules } = await rulesOf();
    const huge = rules.find((item) => item.name === 'Huge holding')!;
    const before = await price();
    const { id, ...draft } = huge;
    const asked = await checker.put(`/api/admin/discount-rules/${id}`).send({ ...draft, amount: { type: 'fixed', value: 900 } });
    expect(asked.status).toBe(202);
    const change = discountRulesResponseSchema.parse(asked.body).pending.find((item) => item.ruleId === id)!;
    expect(change).toMatchObject({ isNew: false, before: { amount: { type: 'fixed', value: 100 } }, rule: { amount: { type: 'fixed', value: 900 } } });
    expect(await price()).toEqual(before);

    // One change waits per rule.
    const another = await maker.put(`/api/admin/discount-rules/${id}`).send({ ...draft, isActive: false });
    expect(another.status).toBe(409);
    expect(another.body.error).toBe('discount_rule_change_pending');

    const rejected = await maker.post(`/api/admin/discount-rules/changes/${change.id}/reject`).send({ note: 'Too generous' });
    expect(rejected.status).toBe(200);
    expect(discountRulesResponseSchema.parse(rejected.body).pending.map((item) => item.id)).not.toContain(change.id);
    expect((await maker.post(`/api/admin/discount-rules/changes/${change.id}/approve`).send({})).status).toBe(409);
    expect(await price()).toEqual(before);
  });
});

/**
 * Found by the hostile sweep: the grant read the pricing model (for the minimum premium) through its
 * cache inside its transaction; with the model not yet read since start-up or a change, that read
 * waited on the transaction's own lock until the transaction expired, and the grant answered 500.
 * Only SQLite has one connection to wait on: on PostgreSQL this passed before too.
 */
describe('a manual discount granted before anything has read the pricing model', () => {
  it('is granted (201), not left waiting on its own transaction', async () => {
    const fresh = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
    try {
      await createTestUser(fresh.db, { email: 'first-thing@example.com', isAdmin: true });
      const grower = await createTestUser(fresh.db, { email: 'early-grower@example.com' });
      const application = await createApplication(fresh.db, grower.id, { status: 'submitted' });
      const staff = await signedInAgent(fresh.app, 'first-thing@example.com');
      const granted = await staff.post('/api/admin/discount-management/manual').send({ applicationId: application.id, amount: 100, reason: 'Goodwill' });
      expect(granted.status).toBe(201);
      expect(granted.body.discount).toMatchObject({ status: 'pending', amountCents: 10_000 });
    } finally {
      await fresh.close();
    }
  });
});
