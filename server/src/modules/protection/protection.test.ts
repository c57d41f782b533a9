import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRE_RISK_QUESTIONS } from '@shared/contracts/fire-risk-survey';
import { callbackResponseSchema, protectionDetailResponseSchema, QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE, saveEstimateResponseSchema } from '@shared/contracts/protection';
import type { QuoteStateInput } from '@shared/contracts/quote';
import { displayAmounts } from '@shared/domain/estimates';
import { DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import { calculatePremium } from '@shared/domain/pricing/engine';
import { waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import { createTestUser, latestEmailTo, signedInAgent, type TestAgent } from '../../testing/accounts';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { parseQuotePayload, protectionService } from './protection.service';

let t: TestApp;
let member: TestAgent;
let other: TestAgent;
let admin: TestAgent;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  memberId = (await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Wheatley' })).id;
  await createTestUser(t.db, { email: 'neighbour@example.com' });
  await createTestUser(t.db, { email: 'staff@example.com', isAdmin: true });
  member = await signedInAgent(t.app, 'grower@example.com');
  other = await signedInAgent(t.app, 'neighbour@example.com');
  admin = await signedInAgent(t.app, 'staff@example.com');
});
afterAll(async () => {
  await t.close();
});

const square = (lng: number, lat: number, size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + size, lat],
      [lng + size, lat + size],
      [lng, lat + size],
      [lng, lat],
    ],
  ],
});

/** docs/pricing.md example 1 as a quote, with figures from a client that cannot be trusted. */
function quote(overrides: Partial<QuoteStateInput> = {}): QuoteStateInput {
  return {
    personalDetails: {
      firstName: 'Jo',
      lastName: 'Wheatley',
      email: 'grower@example.com',
      disclosureAcknowledgments: { pds: { accepted: true, acknowledgedAt: '2025-05-01T10:00:00+08:00' }, fsg: { accepted: true, acknowledgedAt: '2025-05-01T10:00:00+08:00' } },
    },
    farmData: {
      address: 'Lot 4 Great Eastern Hwy, Cunderdin WA',
      zone: 'CWB',
      paddockSections: [
        { id: 'p1', name: 'Home', area: 400, crop: 'wheat', variety: 'Scepter', geometry: square(117.2, -31.6, 0.02) },
        { id: 'p2', name: 'Creek', area: 160, userDefinedArea: 150, crop: 'canola', geometry: square(117.23, -31.6, 0.015) },
        { id: 'p3', name: 'Scrub', area: 25, crop: 'Unassigned' },
      ],
    },
    cropDetails: {
      byCrop: { wheat: { expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 }, canola: { expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 } },
    },
    estimates: { hail: { premium: 1, totalPayable: 2, insuredValue: 3 }, selectedCoverageType: 'hail' },
    coverage: { selectedOption: 'submit' },
    ...overrides,
  };
}
const context = () => ({ quoteDate: waCalendarDate(new Date()), priorMemberSeasons: 0, referrerCodeIsValid: false });
const example1 = () =>
  calculatePremium(
    {
      coverageType: 'hail',
      zone: 'CWB',
      cropAllocations: [
        { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 },
        { type: 'canola', hectares: 150, expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 },
      ],
    },
    DEFAULT_PRICING_MODEL,
    context(),
  );

describe('POST /api/estimates and its PDF', () => {
  let estimateId = '';

  it('saves the quote with the server’s figures for every cover, not the client’s', async () => {
    const response = await member.post('/api/estimates').send({ quoteData: quote() });
    expect(response.status).toBe(201);
    const body = saveEstimateResponseSchema.parse(response.body);
    estimateId = body.estimate.id;
    expect(body.estimate.pricing.estimates.hail).toMatchObject({ premium: displayAmounts(example1().premium).displayedPremium, insuredValue: 491_200 });
    expect(Object.keys(body.estimate.pricing.estimates).sort()).toEqual(['both', 'fire', 'hail']);
    expect(body.estimate.pricing.hurdleComparisons.hail?.savings).toBe(639.54);

    const reopened = await member.get(`/api/estimates/${estimateId}`);
    expect(reopened.status).toBe(200);
    expect(reopened.body.estimate.quoteData.estimates.hail.premium).toBe(6_443.05);
    expect(reopened.body.estimate.quoteData.savedEstimateId).toBe(estimateId);
  });

  it('refuses visitors, empty quotes and quotes that cannot be priced', async () => {
    expect((await request(t.app).post('/api/estimates').set('Origin', 'http://127.0.0.1').set('Host', '127.0.0.1').send({ quoteData: quote() })).status).toBe(401);
    const empty = await member.post('/api/estimates').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('quoteData is required');
    const noZone = await member.post('/api/estimates').send({ quoteData: quote({ farmData: { ...quote().farmData, zone: '' } }) });
    expect(noZone.status).toBe(400);
    expect(noZone.body.message).toBe('Risk zone is required for pricing. Please complete farm mapping first.');
    const noCrops = await member.post('/api/estimates').send({ quoteData: quote({ cropDetails: {} }) });
    expect(noCrops.body.message).toBe('No valid crop sections with details found for pricing. Please ensure crops are selected and yield/price details are provided.');
    const badShape = await member.post('/api/estimates').send({ quoteData: { farmData: { paddockSections: 'many' } } });
    expect(badShape.status).toBe(400);
    expect(badShape.body.error).toBe('validation_error');
  });

  it('renders a PDF with every figure for the owner only', async () => {
    const response = await member.get(`/api/estimates/${estimateId}/pdf`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await extractPdfText(pdf);
    for (const figure of ['$491,200', '$6,443.05', '$7,578.78', '$500', '550 ha', 'Hail, Fire & Lightning', 'Fire & Lightning', 'Home', 'Creek', 'Scrub', '$639.54']) {
      expect(text).toContain(figure);
    }
    expect((await other.get(`/api/estimates/${estimateId}/pdf`)).status).toBe(404);
    expect((await request(t.app).get(`/api/estimates/${estimateId}/pdf`)).status).toBe(401);
    expect((await member.get('/api/estimates/no-such-estimate/pdf')).status).toBe(404);
  });
});

describe('POST /api/protection', () => {
  let applicationId = '';

  it('requires the quote payload, with the SPEC §8 text', async () => {
    for (const body of [undefined, {}]) {
      const response = await member.post('/api/protection').send(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE);
    }
  });

  it('is for signed-in members only', async () => {
    const response = await request(t.app).post('/api/protection').set('Origin', 'http://127.0.0.1').set('Host', '127.0.0.1').send(quote());
    expect(response.status).toBe(401);
  });

  it.each([
    ['no cover selected', () => quote({ estimates: {} }), 'Coverage type and option must be selected before final submission'],
    ['no disclosures', () => quote({ personalDetails: { ...quote().personalDetails, disclosureAcknowledgments: {} } }), 'Acknowledge the product disclosure statements'],
    [
      'a disclosure not accepted',
      () => quote({ personalDetails: { ...quote().personalDetails, disclosureAcknowledgments: { pds: { accepted: false, acknowledgedAt: '2025-05-01T10:00:00Z' } } } }),
      'not accepted yet: pds',
    ],
    ['canola below its minimum hurdle', () => quote({ cropDetails: { byCrop: { ...quote().cropDetails?.byCrop, canola: { expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 5 } } } }), 'canola needs a hurdle of at least 10%'],
    ['no zone', () => quote({ farmData: { ...quote().farmData, zone: undefined } }), 'Risk zone is required for pricing. Please complete farm mapping first.'],
  ])('answers 400 for %s', async (_what, build, message) => {
    const response = await member.post('/api/protection').send(build());
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('re-prices on the server, stores paddocks, crops and acknowledgements, and e-mails the member', async () => {
    await member.post('/api/user/fire-risk-survey').send({
      answers: Object.fromEntries(FIRE_RISK_QUESTIONS.map((question) => [question.id, question.options[0].value])),
      completedAt: '2025-05-02T09:00:00+08:00',
      ipAddress: 'client-ip-placeholder',
      userAgent: 'Vitest',
    });
    const response = await member.post('/api/protection').send(quote());
    expect(response.status).toBe(201);
    const { application } = protectionDetailResponseSchema.parse(response.body);
    applicationId = application.id;
    const expected = example1();
    expect(application).toMatchObject({ status: 'submitted', coverageType: 'hail', zoneCode: 'CWB', premium: expected.premium, displayedPremium: 6_443.05, totalPayable: 7_578.78, insuredValue: 491_200, coveredArea: 550 });
    expect(application.pricing).toEqual(expected);
    expect(application.quoteData['estimates']).toEqual({ hail: application.estimate, selectedCoverageType: 'hail' });
    expect(application.paddocks.map((paddock) => [paddock.name, paddock.priced])).toEqual([
      ['Home', true],
      ['Creek', true],
      ['Scrub', false],
    ]);
    expect(application.paddocks[0]).toMatchObject({ variety: 'Scepter', geometry: square(117.2, -31.6, 0.02) });
    expect(application.crops.map((crop) => [crop.cropType, crop.hectares, crop.insuredValue])).toEqual([
      ['wheat', 400, 340_000],
      ['canola', 150, 151_200],
    ]);
    expect(Object.keys(application.acknowledgements).sort()).toEqual(['fsg', 'pds']);
    expect(application.surveyData).toMatchObject({ source: 'survey', completedAt: '2025-05-02T01:00:00.000Z' });
    const email = latestEmailTo(t.env.MAIL_OUTBOX_DIR, 'grower@example.com');
    expect(email).toContain('Total payable: $7,578.78');
    expect(email).toContain('text/html');
    expect(email).toContain(application.id);
  });

  it('lets the member and administrators read the application, and nobody else', async () => {
    const list = await member.get('/api/protection');
    expect(list.body.applications.map((item: { id: string }) => item.id)).toEqual([applicationId]);
    expect((await other.get('/api/protection')).body.applications).toEqual([]);
    expect((await member.get(`/api/protection/${applicationId}`)).status).toBe(200);
    expect((await other.get(`/api/protection/${applicationId}`)).status).toBe(404);
    expect((await admin.get(`/api/protection/${applicationId}`)).status).toBe(200);
    expect((await request(t.app).get('/api/protection')).status).toBe(401);

    const all = await admin.get('/api/admin/applications').query({ status: 'submitted' });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ success: true, total: 1, page: 1, pageSize: 25 });
    expect(all.body.applications[0]).toMatchObject({ id: applicationId, userId: memberId, memberName: 'Jo Wheatley', memberEmail: 'grower@example.com' });
    expect((await member.get('/api/admin/applications')).status).toBe(403);
    expect((await request(t.app).get('/api/admin/applications')).status).toBe(401);
    expect((await admin.get('/api/admin/applications').query({ pageSize: 500 })).status).toBe(400);
  });

  it('keeps the application when the confirmation e-mail cannot be sent', async () => {
    const failingMailer = { send: () => Promise.reject(new Error('SMTP down')) };
    const service = protectionService({ ...t.context, mailer: failingMailer });
    const application = await service.submit(parseQuotePayload(quote(), 'payload required'), { id: memberId, email: 'grower@example.com', firstName: 'Jo' }, memberId);
    expect(await t.db.protectionApplication.findUnique({ where: { id: application.id } })).not.toBeNull();
  });

  it('refuses to submit for another member', async () => {
    const response = await other.post('/api/protection').send(quote({ personalDetails: { ...quote().personalDetails, userId: memberId } }));
    expect(response.status).toBe(403);
  });
});

describe('POST /api/callbacks/request', () => {
  const body = {
    reason: 'Questions about my estimate',
    timePreference: 'Morning',
    customTime: '',
    description: 'Can canola be covered above the cap?',
    userInfo: { email: 'Grower@Example.com', firstName: 'Jo', lastName: 'Wheatley', phone: '0412 345 678' },
    estimateData: { premium: 6443.05, insuredValue: 491200, coverageType: 'hail', coveredArea: 550 },
  };

  it('stores the request and e-mails staff', async () => {
    const response = await request(t.app).post('/api/callbacks/request').set('Origin', 'http://127.0.0.1').set('Host', '127.0.0.1').send(body);
    expect(response.status).toBe(201);
    expect(callbackResponseSchema.parse(response.body)).toMatchObject({ success: true });
    const stored = await t.db.callbackRequest.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored).toMatchObject({ email: 'grower@example.com', reason: 'Questions about my estimate', status: 'submitted', userId: null });
    const email = latestEmailTo(t.env.MAIL_OUTBOX_DIR, t.env.STAFF_EMAIL);
    expect(email).toContain('Phone: 0412 345 678');
    expect(email).toContain('Premium shown: $6,443.05');
  });

  it('records the member when signed in', async () => {
    const response = await member.post('/api/callbacks/request').send(body);
    expect(response.status).toBe(201);
    expect((await t.db.callbackRequest.findUniqueOrThrow({ where: { id: response.body.id } })).userId).toBe(memberId);
  });

  it('answers { success: false, error } for bad input', async () => {
    const response = await member.post('/api/callbacks/request').send({ ...body, userInfo: { ...body.userInfo, email: 'not-an-address' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: 'userInfo.email: Enter a valid e-mail address' });
    const missing = await member.post('/api/callbacks/request').send({ reason: 'x' });
    expect(missing.body).toMatchObject({ success: false });
    expect(missing.body.error).toContain('timePreference');
  });

  it('limits requests per address', async () => {
    const limited = await createTestApp();
    const send = () => request(limited.app).post('/api/callbacks/request').set('Origin', 'http://127.0.0.1').set('Host', '127.0.0.1').send(body);
    for (let i = 0; i < 5; i += 1) expect((await send()).status).toBe(201);
    const response = await send();
    expect(response.status).toBe(429);
    expect(response.body.success).toBe(false);
    expect(response.headers['retry-after']).toBeDefined();
    await limited.close();
  });
});

describe('fire risk survey', () => {
  const answers = Object.fromEntries(FIRE_RISK_QUESTIONS.map((question) => [question.id, question.options[1]?.value]));

  it('answers not completed, then the answers once submitted', async () => {
    const agent = await signedInAgent(t.app, 'neighbour@example.com');
    const before = await agent.get('/api/user/fire-risk-survey');
    expect(before.body).toEqual({ success: true, hasCompleted: false, surveyData: null });
    const posted = await agent.post('/api/user/fire-risk-survey').send({ answers, completedAt: '2025-05-20T09:30:00+08:00', ipAddress: 'placeholder', userAgent: 'Mozilla/5.0' });
    expect(posted.status).toBe(201);
    const after = await agent.get('/api/user/fire-risk-survey');
    expect(after.body).toMatchObject({ success: true, hasCompleted: true, surveyData: { answers, completedAt: '2025-05-20T01:30:00.000Z', userAgent: 'Mozilla/5.0' } });
    const stored = await t.db.fireRiskSurvey.findFirstOrThrow({ where: { id: posted.body.surveyData.id } });
    expect(stored.ipAddress).not.toBe('placeholder');
  });

  it('has 10 to 15 questions with distinct ids', () => {
    expect(FIRE_RISK_QUESTIONS.length).toBeGreaterThanOrEqual(10);
    expect(FIRE_RISK_QUESTIONS.length).toBeLessThanOrEqual(15);
    expect(new Set(FIRE_RISK_QUESTIONS.map((question) => question.id)).size).toBe(FIRE_RISK_QUESTIONS.length);
  });

  it('lets the owner and staff read it, and nobody else', async () => {
    expect((await admin.get('/api/user/fire-risk-survey').query({ userId: memberId })).body.hasCompleted).toBe(true);
    expect((await other.get('/api/user/fire-risk-survey').query({ userId: memberId })).status).toBe(403);
    expect((await request(t.app).get('/api/user/fire-risk-survey')).status).toBe(401);
    expect((await other.post('/api/user/fire-risk-survey').send({ userId: memberId, answers, completedAt: '2025-05-20T09:30:00+08:00' })).status).toBe(403);
  });

  it('answers 400 with what to fix for bad answers', async () => {
    const missing = await member.post('/api/user/fire-risk-survey').send({ answers: { ...answers, firebreaks: undefined }, completedAt: '2025-05-20T09:30:00+08:00' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Answer the question: Are firebreaks kept');
    const wrong = await member.post('/api/user/fire-risk-survey').send({ answers: { ...answers, powerLines: 'lots' }, completedAt: '2025-05-20T09:30:00+08:00' });
    expect(wrong.body.message).toContain("answers.powerLines: The answer to 'powerLines' must be one of 'none', 'boundary', 'cross'");
    const extra = await member.post('/api/user/fire-risk-survey').send({ answers: { ...answers, dogs: 'yes' }, completedAt: '2025-05-20T09:30:00+08:00' });
    expect(extra.body.message).toContain('These are not survey questions: dogs');
    const date = await member.post('/api/user/fire-risk-survey').send({ answers, completedAt: 'yesterday' });
    expect(date.body.message).toContain('completedAt must be an ISO date-time');
  });
});

describe('a broker of record quoting for a client (SPEC §6)', () => {
  let broker: TestAgent;
  let otherBroker: TestAgent;
  let brokerId = '';
  let clientId = '';
  const forClient = (overrides: Partial<QuoteStateInput> = {}) => {
    const base = quote(overrides);
    return { ...base, personalDetails: { ...base.personalDetails, firstName: 'Cal', email: 'client@example.com', userId: clientId } };
  };

  beforeAll(async () => {
    brokerId = (await createTestUser(t.db, { email: 'broker@example.com', isBroker: true })).id;
    await createTestUser(t.db, { email: 'other-broker@example.com', isBroker: true });
    clientId = (await createTestUser(t.db, { email: 'client@example.com', firstName: 'Cal', brokerId })).id;
    broker = await signedInAgent(t.app, 'broker@example.com');
    otherBroker = await signedInAgent(t.app, 'other-broker@example.com');
  });

  it('prices with the client’s history when the client is named, and only for the broker’s own clients', async () => {
    // Two earlier seasons earn the seeded multi-year discount.
    const thisYear = Number(waCalendarDate(new Date()).slice(0, 4));
    for (const season of [thisYear - 2, thisYear - 3]) {
      await t.db.protectionApplication.create({
        data: { userId: clientId, coverageType: 'hail', zoneCode: 'CWB', quoteDate: `${season}-08-01`, seasonYear: season, modelVersion: 'old', premium: 1, displayedPremium: 1, totalPayable: 1, insuredValue: 1, coveredArea: 1, estimate: {}, pricing: {}, quoteData: {}, acknowledgements: {} },
      });
    }
    const body = { coverageType: 'hail', zone: 'CWB', cropAllocations: [{ type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 }] };
    const own = await broker.post('/api/pricing/calculate').send(body);
    const client = await broker.post(`/api/pricing/calculate?customerId=${clientId}`).send(body);
    expect(own.status).toBe(200);
    expect(client.status).toBe(200);
    const multiYear = (body: { appliedDynamicDiscounts: Array<{ id: string }> }) => body.appliedDynamicDiscounts.some((discount) => discount.id === 'discount-multi-year');
    expect(multiYear(client.body)).toBe(true);
    expect(multiYear(own.body)).toBe(false);
    expect((await otherBroker.post(`/api/pricing/calculate?customerId=${clientId}`).send(body)).status).toBe(403);
    expect((await request(t.app).post(`/api/pricing/calculate?customerId=${clientId}`).set('Origin', 'http://127.0.0.1').set('Host', '127.0.0.1').send(body)).status).toBe(401);
    expect((await broker.post('/api/pricing/calculate?customerId=').send(body)).status).toBe(400);
    await t.db.protectionApplication.deleteMany({ where: { userId: clientId } });
  });

  it('saves an estimate in the client’s name and prints it, and another broker gets neither', async () => {
    const saved = await broker.post('/api/estimates').send({ quoteData: forClient() });
    expect(saved.status).toBe(201);
    const row = await t.db.savedEstimate.findUniqueOrThrow({ where: { id: saved.body.estimate.id } });
    expect(row.userId).toBe(clientId);
    expect((await broker.get(`/api/estimates/${row.id}/pdf`)).status).toBe(200);
    expect((await otherBroker.get(`/api/estimates/${row.id}/pdf`)).status).toBe(404);
    expect((await otherBroker.post('/api/estimates').send({ quoteData: forClient() })).status).toBe(403);
  });

  it('submits the application in the client’s name, records the broker, audits it, and the client sees it', async () => {
    expect((await otherBroker.post('/api/protection').send(forClient())).status).toBe(403);
    const response = await broker.post('/api/protection').send(forClient());
    expect(response.status).toBe(201);
    const { application } = protectionDetailResponseSchema.parse(response.body);
    expect(application.userId).toBe(clientId);
    const row = await t.db.protectionApplication.findUniqueOrThrow({ where: { id: application.id } });
    expect(row.submittedById).toBe(brokerId);
    expect(latestEmailTo(t.env.MAIL_OUTBOX_DIR, 'client@example.com')).toContain(application.id);

    const client = await signedInAgent(t.app, 'client@example.com');
    const list = await client.get('/api/protection');
    expect(list.body.applications.map((item: { id: string }) => item.id)).toContain(application.id);
    expect((await client.get(`/api/dashboard/protections`)).body.protections.map((item: { id: string }) => item.id)).toContain(application.id);
    // Not the broker's own application.
    expect((await broker.get('/api/protection')).body.applications).toEqual([]);

    await expect
      .poll(async () => (await t.db.auditLog.findMany({ where: { actorId: brokerId, customerId: clientId, action: 'broker.change' } })).map((entry) => entry.details))
      .toEqual(
        expect.arrayContaining([
          { method: 'POST', path: '/api/estimates', status: 201, succeeded: true },
          { method: 'POST', path: '/api/protection', status: 201, succeeded: true },
        ]),
      );
    // A refused attempt by another broker writes nothing in the client's name.
    expect(await t.db.auditLog.count({ where: { customerId: clientId, actorId: { not: brokerId } } })).toBe(0);
  });

  it('records the member themselves as the submitter of their own application', async () => {
    const response = await member.post('/api/protection').send(quote());
    expect(response.status).toBe(201);
    expect((await t.db.protectionApplication.findUniqueOrThrow({ where: { id: response.body.application.id } })).submittedById).toBe(memberId);
  });
});
