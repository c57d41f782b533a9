import { NUL_CHARACTER_MESSAGE } from '../../lib/stored-text';
import { PADDOCK_OUTLINE_MESSAGE } from '@shared/contracts/pricing';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectionListSchema } from '@shared/contracts/dashboard';
import { FIRE_RISK_QUESTIONS, type FireRiskSurveyCopy } from '@shared/contracts/fire-risk-survey';
import { everyQuestionAnswered } from '@shared/contracts/testing/fire-risk-answers';
import { userLookupResponseSchema } from '@shared/contracts/people';
import { callbackResponseSchema, protectionDetailResponseSchema, QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE, saveEstimateResponseSchema } from '@shared/contracts/protection';
import type { QuoteStateInput } from '@shared/contracts/quote';
import { displayAmounts } from '@shared/domain/estimates';
import { DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import { calculatePremium } from '@shared/domain/pricing/engine';
import { waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import { DISCLOSURE_ACKNOWLEDGEMENTS } from '@shared/domain/quote/disclosures';
import { createTestUser, waitForEmailTo, signedInAgent, type TestAgent } from '../../testing/accounts';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { parseQuotePayload, protectionService } from './protection.service';
import { bareApplication, ensureSeason } from '../../testing/dashboard-fixtures';
import { binaryBody } from '../../testing/binary-body';
import { readAlertPaddockPages } from '../alerts/alerts.service';
import { outlineToAWorldAway, squareOutline } from '@shared/domain/geo/testing/square-outline';
import { CLIENT_ACKNOWLEDGEMENTS, CUNDERDIN, cunderdinQuote } from '../../testing/cunderdin-quote';

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

/** In the Eastern Wheatbelt (EWB), where hail, and fire and lightning, cost more than in CWB. */
const MERREDIN = { lat: -31.48, lng: 118.28, label: 'Merredin WA 6415' };

/** POST /api/protection as the renderer sends it: with a new Idempotency-Key unless one is given. */
const submit = (agent: TestAgent, body: unknown, key: string = randomUUID()) =>
  agent
    .post('/api/protection')
    .set('Idempotency-Key', key)
    .send(body as object);

const quote = cunderdinQuote;
const context = () => ({ quoteDate: waCalendarDate(new Date()), priorMemberSeasons: 0, referrerCodeIsValid: false });
const example1Request = () => ({
  coverageType: 'hail' as const,
  zone: 'CWB',
  cropAllocations: [
    { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 },
    { type: 'canola', hectares: 150, expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 },
  ],
});
const example1 = () => calculatePremium(example1Request(), DEFAULT_PRICING_MODEL, context());

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
    const response = await member.get(`/api/estimates/${estimateId}/pdf`).buffer(true).parse(binaryBody);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await extractPdfText(pdf);
    for (const figure of ['$491,200', '$6,443.05', '$7,578.78', '$500', '550 ha', 'Hail, Fire & Lightning', 'Fire & Lightning', 'Home', 'Creek', 'Scrub', '$639.54']) {
      expect(text).toContain(figure);
    }
    // The loss example, worked by hand: wheat $340,000 with a 5 % hurdle ($17,000), canola $151,200 with
    // 15 % ($22,680). 10 %: $34,000 − $17,000 and canola's $15,120 within its hurdle; 30 %: $85,000 +
    // $22,680; 60 %: $187,000 + $68,040.
    expect(text).toContain('If hail or fire took part of your crop. For $7,578.78 a season, on $491,200 of crop:');
    expect(text).toMatch(
      /10%\s+\$49,120\s+\$39,680\s+about \$17,000\s+30%\s+\$147,360\s+\$39,680\s+about \$107,680\s+60%\s+\$294,720\s+\$39,680\s+about \$255,040\s+An example, not a promise: the mutual is discretionary/,
    );
    expect((await other.get(`/api/estimates/${estimateId}/pdf`)).status).toBe(404);
    expect((await request(t.app).get(`/api/estimates/${estimateId}/pdf`)).status).toBe(401);
    expect((await member.get('/api/estimates/no-such-estimate/pdf')).status).toBe(404);
  });
});

describe('POST /api/protection', () => {
  let applicationId = '';

  it('requires the quote payload, with the docs/behaviour.md §8 text', async () => {
    for (const body of [undefined, {}]) {
      const response = await submit(member, body);
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
      () => quote({ personalDetails: { ...quote().personalDetails, disclosureAcknowledgments: { ...CLIENT_ACKNOWLEDGEMENTS, membership: { accepted: false, acknowledgedAt: '2025-05-01T10:00:00Z' } } } }),
      'Not accepted yet: “I understand protection is available to members only',
    ],
    [
      'a made-up acknowledgement instead of the real ones',
      () => quote({ personalDetails: { ...quote().personalDetails, disclosureAcknowledgments: { pds: { accepted: true, acknowledgedAt: '2025-05-01T10:00:00Z' } } } }),
      'Acknowledge the product disclosure statements',
    ],
    [
      'canola below its minimum hurdle',
      () => quote({ cropDetails: { byCrop: { ...quote().cropDetails?.byCrop, canola: { expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 5 } } } }),
      'canola needs a hurdle of at least 10%',
    ],
    ['no zone', () => quote({ farmData: { ...quote().farmData, zone: undefined } }), 'Risk zone is required for pricing. Please complete farm mapping first.'],
  ])('answers 400 for %s', async (_what, build, message) => {
    const response = await submit(member, build());
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('refuses paddocks that share an id, which would count one paddock’s value many times over or give an unpriced paddock cover, and stores nothing', async () => {
    const home = quote().farmData!.paddockSections![0]!;
    const attacks = {
      'five copies of one paddock': Array.from({ length: 5 }, (_, index) => ({ ...home, name: `Copy ${index + 1}` })),
      'an excluded paddock named like a priced one': [home, { id: 'p1', name: 'Bush block', area: 300, crop: 'wheat', isExcluded: true }],
    };
    const before = await t.db.protectionApplication.count({ where: { userId: memberId } });
    for (const [attack, paddockSections] of Object.entries(attacks)) {
      const withSections = quote({ farmData: { ...quote().farmData, paddockSections } });
      for (const response of [await submit(member, withSections), await member.post('/api/estimates').send({ quoteData: withSections })]) {
        expect(response.status, attack).toBe(400);
        expect(response.body.message).toBe("farmData.paddockSections.1.id: Two paddocks have the id 'p1'; each paddock in a quote needs an id of its own.");
      }
    }
    expect(await t.db.protectionApplication.count({ where: { userId: memberId } })).toBe(before);
  });

  it('refuses a paddock larger than a paddock can be, typed or drawn, naming it, as the wizard does, and stores nothing', async () => {
    const [home, creek, scrub] = quote().farmData!.paddockSections!;
    const huge = quote({ farmData: { ...quote().farmData, paddockSections: [home!, { ...creek!, userDefinedArea: 5_000_000 }, scrub!] } });
    const before = await t.db.protectionApplication.count({ where: { userId: memberId } });
    for (const response of [await submit(member, huge), await member.post('/api/estimates').send({ quoteData: huge })]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'paddock_too_large', message: 'Creek is 5,000,000 ha: a paddock can be at most 100,000 ha. Check its outline, or the area typed for it.' });
    }
    expect(await t.db.protectionApplication.count({ where: { userId: memberId } })).toBe(before);
  });

  it('refuses a paddock name holding a NUL character, which PostgreSQL cannot keep, naming the field, and stores nothing', async () => {
    const [home, ...rest] = quote().farmData!.paddockSections!;
    const withNul = quote({ farmData: { ...quote().farmData, paddockSections: [{ ...home!, name: 'Home\u0000 paddock' }, ...rest] } });
    const before = await t.db.protectionApplication.count({ where: { userId: memberId } });
    for (const response of [await submit(member, withNul), await member.post('/api/estimates').send({ quoteData: withNul })]) {
      expect(response.status).toBe(400);
      expect(response.body.issues).toEqual([{ path: expect.stringMatching(/^(quoteData\.)?farmData\.paddockSections\.0\.name$/), message: NUL_CHARACTER_MESSAGE }]);
    }
    expect(await t.db.protectionApplication.count({ where: { userId: memberId } })).toBe(before);
  });

  it('refuses a paddock outline that is not one, priced or not, naming the field, and stores nothing', async () => {
    // A corner a world away put every storm warning's matching off its map: the member's own
    // paddock box met every warning, and nobody else under the storm was matched (alerts.test.ts).
    const outlines = {
      'a corner a world away': outlineToAWorldAway(117.2, -31.6),
      'a latitude past the pole': {
        type: 'Polygon',
        coordinates: [
          [
            [117.2, -95],
            [117.22, -95],
            [117.22, -31.58],
            [117.2, -95],
          ],
        ],
      },
      'an open ring': { type: 'Polygon', coordinates: [squareOutline(117.2, -31.6, 0.02).coordinates[0]!.slice(0, -1)] },
      'words for corners': {
        type: 'Polygon',
        coordinates: [
          [
            ['north', 'gate'],
            ['south', 'gate'],
            ['east', 'gate'],
            ['north', 'gate'],
          ],
        ],
      },
      'a point': { type: 'Point', coordinates: [117.2, -31.6] },
    };
    const before = await t.db.protectionApplication.count({ where: { userId: memberId } });
    const [home, creek, scrub] = quote().farmData!.paddockSections!;
    for (const [attack, geometry] of Object.entries(outlines)) {
      for (const [index, sections] of [
        // As a browser may send it, not as the contract types it.
        [0, [{ ...home!, geometry: geometry as never }, creek!, scrub!]],
        [2, [home!, creek!, { ...scrub!, geometry: geometry as never }]],
      ] as const) {
        const withOutline = quote({ farmData: { ...quote().farmData, paddockSections: [...sections] } });
        for (const response of [await submit(member, withOutline), await member.post('/api/estimates').send({ quoteData: withOutline })]) {
          expect(response.status, attack).toBe(400);
          expect(response.body.issues, attack).toEqual([{ path: expect.stringMatching(new RegExp(`^(quoteData\\.)?farmData\\.paddockSections\\.${index}\\.geometry$`)), message: PADDOCK_OUTLINE_MESSAGE }]);
        }
      }
    }
    expect(await t.db.protectionApplication.count({ where: { userId: memberId } })).toBe(before);
  });

  it('re-prices on the server, stores paddocks, crops and acknowledgements, and e-mails the member', async () => {
    await member.post('/api/user/fire-risk-survey').send({
      answers: everyQuestionAnswered(),
      completedAt: '2025-05-02T09:00:00+08:00',
      ipAddress: 'client-ip-placeholder',
      userAgent: 'Vitest',
    });
    const before = Date.now();
    const response = await submit(member, quote());
    expect(response.status).toBe(201);
    const { application } = protectionDetailResponseSchema.parse(response.body);
    applicationId = application.id;
    const expected = example1();
    expect(application).toMatchObject({
      status: 'submitted',
      coverageType: 'hail',
      zoneCode: 'CWB',
      premium: expected.premium,
      displayedPremium: 6_443.05,
      totalPayable: 7_578.78,
      insuredValue: 491_200,
      coveredArea: 550,
    });
    expect(application.pricing).toEqual(expected);
    expect(application.quoteData['estimates']).toEqual({ hail: application.estimate, selectedCoverageType: 'hail' });
    expect(application.paddocks.map((paddock) => [paddock.name, paddock.priced])).toEqual([
      ['Home', true],
      ['Creek', true],
      ['Scrub', false],
    ]);
    // Stored compactly: 6 decimals of a degree (117.2 + 0.02 is 117.22000000000001 in floating point).
    expect(application.paddocks[0]).toMatchObject({
      variety: 'Scepter',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [117.2, -31.6],
            [117.22, -31.6],
            [117.22, -31.58],
            [117.2, -31.58],
            [117.2, -31.6],
          ],
        ],
      },
    });
    expect(application.crops.map((crop) => [crop.cropType, crop.hectares, crop.insuredValue])).toEqual([
      ['wheat', 400, 340_000],
      ['canola', 150, 151_200],
    ]);
    // Every statement with its text, at the server's time: the client's 2020 times are not kept.
    expect(Object.keys(application.acknowledgements).sort()).toEqual(DISCLOSURE_ACKNOWLEDGEMENTS.map(({ key }) => key).sort());
    for (const { key, text } of DISCLOSURE_ACKNOWLEDGEMENTS) {
      const stored = application.acknowledgements[key] as { accepted: boolean; acknowledgedAt: string; text: string };
      expect(stored).toMatchObject({ accepted: true, text });
      expect(Date.parse(stored.acknowledgedAt)).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(JSON.stringify(application.quoteData)).not.toContain('2020-01-01');
    expect(application.surveyData).toMatchObject({ source: 'survey', completedAt: '2025-05-02T01:00:00.000Z' });
    const email = await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'grower@example.com');
    expect(email).toContain('Total payable (incl. GST): $7,578.78');
    expect(email).toContain('Contribution (ex GST): $6,443.05');
    expect(email).not.toMatch(/premium|insured/i);
    expect(email).toContain('text/html');
    const { reference } = await t.db.protectionApplication.findUniqueOrThrow({ where: { id: application.id } });
    expect(reference).toMatch(/^APP-\d{4}-\d{5}$/);
    expect(email).toContain(`Application: ${reference}`);
  });

  it('shows the farm as the quote gave it on the member’s dashboard, where the next season’s quote starts from', async () => {
    const { protections } = protectionListSchema.parse((await member.get('/api/dashboard/protections')).body);
    expect(protections.find((protection) => protection.id === applicationId)?.farm).toEqual({ address: 'Lot 4 Great Eastern Hwy, Cunderdin WA', location: CUNDERDIN });
  });

  it('lets staff find the applicant by the postal address the application gave, typed in any case', async () => {
    for (const q of ['mcdermott road', 'McDermott Road, Doodlakine']) {
      const { people } = userLookupResponseSchema.parse((await admin.get('/api/admin/user-lookup').query({ q })).body);
      expect(people.map((person) => [person.name, person.matchedBy])).toEqual([['Jo Wheatley', ['postal_address']]]);
    }
  });

  it('sends the confirmation from the no-reply sender with a Reply-To of the staff address, so “reply to this e-mail” reaches the mutual', async () => {
    const email = await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'grower@example.com');
    expect(email).toContain('If something is not right, reply to this e-mail.');
    expect(email).toMatch(/^From: .*no-reply@grainmutual\.example/m);
    expect(email).toMatch(new RegExp(`^Reply-To: ${t.env.STAFF_EMAIL.replace(/\./g, '\\.')}$`, 'm'));
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

  it('keeps the confirmation e-mail in the mail queue with the application, once', async () => {
    const { application } = await protectionService(t.context).submit(parseQuotePayload(quote(), 'payload required'), { id: memberId, email: 'grower@example.com', firstName: 'Jo' }, memberId, randomUUID());
    const confirmation = await t.db.queuedEmail.findMany({ where: { key: `application-confirmation:${application.id}` } });
    expect(confirmation).toMatchObject([{ toAddress: 'grower@example.com', subject: expect.stringContaining('We have your application for') }]);
  });

  it('refuses to submit for another member', async () => {
    const response = await submit(other, quote({ personalDetails: { ...quote().personalDetails, userId: memberId } }));
    expect(response.status).toBe(403);
  });

  it('needs an Idempotency-Key, and a repeat with the same key answers the first application without storing another', async () => {
    const missing = await member.post('/api/protection').send(quote());
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Send an Idempotency-Key header');

    const key = randomUUID();
    const first = await submit(member, quote(), key);
    expect(first.status).toBe(201);
    const again = await submit(member, quote(), key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.db.protectionApplication.count({ where: { userId: memberId, idempotencyKey: key } })).toBe(1);
    // Another attempt (a new key) is another application.
    const next = await submit(member, quote());
    expect(next.body.application.id).not.toBe(first.body.application.id);
  });

  it('numbers applications per season like claims (APP-<season>-<number>), shown on the dashboard and in the confirmation e-mail', async () => {
    const first = await submit(member, quote());
    const second = await submit(member, quote());
    const { protections } = protectionListSchema.parse((await member.get('/api/dashboard/protections').expect(200)).body);
    const referenceOf = (id: string) => protections.find((protection) => protection.id === id)?.reference ?? '';
    const [, season, number] = /^APP-(\d{4})-(\d{5})$/.exec(referenceOf(first.body.application.id)) ?? [];
    expect(season).toBe(String(first.body.application.seasonYear));
    expect(referenceOf(second.body.application.id)).toBe(`APP-${season}-${String(Number(number) + 1).padStart(5, '0')}`);
    const subjects = () => readdirSync(t.env.MAIL_OUTBOX_DIR).map((file) => /^Subject: (.*)$/m.exec(readFileSync(join(t.env.MAIL_OUTBOX_DIR, file), 'utf8'))?.[1] ?? '');
    await expect.poll(() => subjects().some((subject) => subject.endsWith(`(${referenceOf(second.body.application.id)})`))).toBe(true);
  });

  it('stores one application for two simultaneous submissions with one key', async () => {
    const key = randomUUID();
    const before = await t.db.protectionApplication.count({ where: { userId: memberId } });
    const answers = await Promise.all([submit(member, quote(), key), submit(member, quote(), key), submit(member, quote(), key)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.application.id)).size).toBe(1);
    expect(await t.db.protectionApplication.count({ where: { userId: memberId } })).toBe(before + 1);
  });
});

describe('the risk zone is the farm’s, decided on the server', () => {
  // The paddocks drawn where the farm is, near Merredin.
  const atMerredin = (zone: string) =>
    quote({
      farmData: {
        ...quote().farmData,
        address: 'Merredin WA',
        farmLocation: MERREDIN,
        zone,
        paddockSections: (quote().farmData?.paddockSections ?? []).map((section) => (section.geometry ? { ...section, geometry: squareOutline(118.25, -31.5, 0.015) } : section)),
      },
    });
  const bothNames = ['Merredin WA 6415', 'zone EWB (Eastern Wheatbelt (Merredin–Southern Cross))', 'the quote says CWB (Central Wheatbelt (Avon))'];

  it('refuses a submission that declares a cheaper zone than the farm’s, naming both zones, and stores nothing', async () => {
    const before = await t.db.protectionApplication.count();
    const response = await submit(member, atMerredin('CWB'));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ZONE_MISMATCH');
    for (const text of bothNames) expect(response.body.message).toContain(text);
    expect(await t.db.protectionApplication.count()).toBe(before);

    const honest = await submit(member, atMerredin('EWB'));
    expect(honest.status).toBe(201);
    expect(honest.body.application.zoneCode).toBe('EWB');
    // The cheaper zone would have lowered the premium a good deal; the farm's zone is what is charged.
    const cheaper = calculatePremium({ ...example1Request(), zone: 'CWB' }, DEFAULT_PRICING_MODEL, context());
    expect(honest.body.application.premium).toBeGreaterThan(cheaper.premium);
  });

  it('refuses a saved estimate in another zone, and a farm without a location or outside every zone', async () => {
    const estimate = await member.post('/api/estimates').send({ quoteData: atMerredin('CWB') });
    expect(estimate.status).toBe(400);
    for (const text of bothNames) expect(estimate.body.message).toContain(text);
    const { farmLocation: _none, ...noLocation } = quote().farmData ?? {};
    const unlocated = await submit(member, quote({ farmData: noLocation }));
    expect(unlocated.status).toBe(400);
    expect(unlocated.body.message).toContain('Set your farm location on the farm map first');
    const atSea = await submit(member, quote({ farmData: { ...quote().farmData, farmLocation: { lat: -32, lng: 112 } } }));
    expect(atSea.status).toBe(400);
    expect(atSea.body.message).toContain('outside the grain belt zones we protect');
  });

  it('refuses pricing whose zone is not the farm location’s, and prices the farm’s zone', async () => {
    const wrong = await member.post('/api/pricing/calculate').send({ ...example1Request(), zone: 'CWB', farmLocation: MERREDIN });
    expect(wrong.status).toBe(400);
    for (const text of bothNames) expect(wrong.body.message).toContain(text);
    const anonymous = await request(t.app)
      .post('/api/pricing/calculate')
      .set('Origin', 'http://127.0.0.1')
      .set('Host', '127.0.0.1')
      .send({ ...example1Request(), zone: 'CWB', farmLocation: MERREDIN });
    expect(anonymous.status).toBe(400);
    const right = await member.post('/api/pricing/calculate').send({ ...example1Request(), zone: 'EWB', farmLocation: MERREDIN });
    expect(right.status).toBe(200);
    expect(right.body.zone.code).toBe('EWB');
  });
});

describe('the premium follows the ground, not the pin', () => {
  /** Lake Grace, in the Lakes District (LKS), where hail costs the most. */
  const LAKE_GRACE = { lat: -33.1, lng: 118.47, label: 'Lake Grace WA 6353' };
  /** Dalwallinu, in the North-Eastern Wheatbelt (NEW): the same paddocks priced there cost 44 % less. */
  const DALWALLINU = { lat: -30.2866, lng: 116.6631, label: 'Dalwallinu WA 6609' };
  const nearLakeGrace = squareOutline(118.44, -33.12, 0.02);
  const paddocks = () => (quote().farmData?.paddockSections ?? []).map((section) => (section.geometry ? { ...section, geometry: nearLakeGrace } : section));
  const pinnedAt = (farmLocation: { lat: number; lng: number; label?: string }, zone: string) => quote({ farmData: { ...quote().farmData, farmLocation, zone, paddockSections: paddocks() } });
  /** The wizard's pricing body for the quote: allocations with their paddocks' outlines, and the pin. */
  const pricingBody = (farmLocation: { lat: number; lng: number; label?: string }, zone: string) => ({
    coverageType: 'hail',
    zone,
    farmLocation,
    cropAllocations: example1Request().cropAllocations.map((allocation) => ({ ...allocation, paddock: 'Home', outline: nearLakeGrace })),
  });

  it('refuses the Lake Grace paddocks with the pin moved to Dalwallinu, naming both places, in pricing, saved estimates and submission', async () => {
    const names = ['Dalwallinu WA 6609', 'near Lake Grace WA 6353', 'within 30 km'];
    const priced = await member.post('/api/pricing/calculate').send(pricingBody(DALWALLINU, 'NEW'));
    expect(priced.status).toBe(400);
    expect(priced.body.error).toBe('PIN_FAR_FROM_PADDOCKS');
    for (const text of names) expect(priced.body.message).toContain(text);

    const estimate = await member.post('/api/estimates').send({ quoteData: pinnedAt(DALWALLINU, 'NEW') });
    expect(estimate.status).toBe(400);
    for (const text of names) expect(estimate.body.message).toContain(text);

    const before = await t.db.protectionApplication.count();
    const submitted = await submit(member, pinnedAt(DALWALLINU, 'NEW'));
    expect(submitted.status).toBe(400);
    expect(submitted.body.error).toBe('PIN_FAR_FROM_PADDOCKS');
    expect(await t.db.protectionApplication.count()).toBe(before);
  });

  it('prices drawn paddocks in their own zone when the pin sits nearby in a cheaper one, and charges what it showed', async () => {
    // 15 km west of the Lakes District's edge (118.2), in the Great Southern (GSR): hail there costs less.
    const pinInGreatSouthern = { lat: -33.12, lng: 118.12, label: 'Tarin Rock WA 6353' };
    const atHome = await member.post('/api/pricing/calculate').send(pricingBody(LAKE_GRACE, 'LKS'));
    expect(atHome.status).toBe(200);
    const nearby = await member.post('/api/pricing/calculate').send(pricingBody(pinInGreatSouthern, 'GSR'));
    expect(nearby.status).toBe(200);
    expect(nearby.body.zone.code).toBe('GSR');
    expect(nearby.body.breakdown.map((item: { zoneCode: string }) => item.zoneCode)).toEqual(['LKS', 'LKS']);
    expect(nearby.body.premium).toBe(atHome.body.premium);
    // Had the outlines been in the pin's zone, the premium would have been lower.
    const inGreatSouthern = calculatePremium({ ...example1Request(), zone: 'GSR' }, DEFAULT_PRICING_MODEL, context());
    expect(nearby.body.premium).toBeGreaterThan(inGreatSouthern.premium);

    const submitted = await submit(member, quote({ farmData: { ...quote().farmData, farmLocation: pinInGreatSouthern, zone: 'GSR', paddockSections: paddocks() } }));
    expect(submitted.status).toBe(201);
    expect(submitted.body.application.premium).toBe(nearby.body.premium);
    const crops = await t.db.protectionCrop.findMany({ where: { applicationId: submitted.body.application.id }, orderBy: { sortOrder: 'asc' } });
    expect(crops.map((crop) => crop.zoneCode)).toEqual(['LKS', 'LKS']);
  });

  it('prices a paddock entered by area only in the farm location’s zone', async () => {
    const byArea = quote({ farmData: { ...quote().farmData, farmLocation: LAKE_GRACE, zone: 'LKS', paddockSections: paddocks().map(({ geometry: _outline, ...section }) => section) } });
    const submitted = await submit(member, byArea);
    expect(submitted.status).toBe(201);
    expect(submitted.body.application.zoneCode).toBe('LKS');
    expect(submitted.body.application.premium).toBe(calculatePremium({ ...example1Request(), zone: 'LKS' }, DEFAULT_PRICING_MODEL, context()).premium);
    // Paddocks without outlines are placed at the farm by a warning: the read warnings make holds the farm's location.
    const live = (await readAlertPaddockPages(t.db)).flatMap((page) => (JSON.parse(page) as { applications: Array<{ id: string; farmLocation: unknown }> }).applications);
    expect(live.find((application) => application.id === submitted.body.application.id)?.farmLocation).toEqual({ lat: LAKE_GRACE.lat, lng: LAKE_GRACE.lng });
  });
});

describe('the referrer discount is the member’s own', () => {
  let referred: TestAgent;
  let referredId = '';
  const referrerDiscount = (pricing: { appliedDynamicDiscounts: Array<{ kind: string }> }) => pricing.appliedDynamicDiscounts.some((discount) => discount.kind === 'referrer');

  beforeAll(async () => {
    await createTestUser(t.db, { email: 'partner-a@example.com', referrerCode: 'AGRONOMY-A' });
    await createTestUser(t.db, { email: 'partner-b@example.com', referrerCode: 'AGRONOMY-B' });
    referredId = (await createTestUser(t.db, { email: 'referred@example.com', referredByCode: 'AGRONOMY-A' })).id;
    referred = await signedInAgent(t.app, 'referred@example.com');
  });

  it('gives the discount for the code the member registered with, whatever code the quote or body names', async () => {
    const own = await referred.post('/api/pricing/calculate').send(example1Request());
    expect(referrerDiscount(own.body)).toBe(true);
    const otherCode = await referred.post('/api/pricing/calculate').send({ ...example1Request(), referrerCode: 'AGRONOMY-B' });
    expect(referrerDiscount(otherCode.body)).toBe(true);
    expect(otherCode.body.appliedDynamicDiscounts.find((discount: { kind: string }) => discount.kind === 'referrer').description).toContain('AGRONOMY-A');
  });

  it('gives no discount for a code other than the member’s own, in pricing or at submission', async () => {
    const withCode = await member.post('/api/pricing/calculate').send({ ...example1Request(), referrerCode: 'AGRONOMY-B' });
    expect(withCode.status).toBe(200);
    expect(referrerDiscount(withCode.body)).toBe(false);
    const visitor = await request(t.app)
      .post('/api/pricing/calculate')
      .set('Origin', 'http://127.0.0.1')
      .set('Host', '127.0.0.1')
      .send({ ...example1Request(), referrerCode: 'AGRONOMY-B' });
    expect(referrerDiscount(visitor.body)).toBe(false);

    const sent = await submit(member, quote({ personalDetails: { ...quote().personalDetails, referrerCode: 'AGRONOMY-B' } }));
    expect(sent.status).toBe(201);
    expect(sent.body.application.referrerCode).toBeNull();
    expect(referrerDiscount(sent.body.application.pricing)).toBe(false);

    const referredQuote = quote({ personalDetails: { ...quote().personalDetails, email: 'referred@example.com', referrerCode: 'AGRONOMY-B' } });
    const theirs = await submit(referred, referredQuote);
    expect(theirs.status).toBe(201);
    expect(theirs.body.application).toMatchObject({ userId: referredId, referrerCode: 'AGRONOMY-A' });
    expect(referrerDiscount(theirs.body.application.pricing)).toBe(true);
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
    const email = await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, t.env.STAFF_EMAIL);
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
    // Stored before (and a 500 on PostgreSQL, whose index on the address refuses a row past 2,704 bytes).
    const longAddress = `${'x'.repeat(4_000)}@example.com`;
    const tooLong = await member.post('/api/callbacks/request').send({ ...body, userInfo: { ...body.userInfo, email: longAddress } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, error: 'userInfo.email: An e-mail address has at most 254 characters.' });
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
  const answers = everyQuestionAnswered(1);

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

describe('a broker of record quoting for a client (docs/behaviour.md §6)', () => {
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
      await ensureSeason(t.db, season);
      await t.db.protectionApplication.create({
        data: bareApplication(clientId, season, { quoteDate: `${season}-08-01`, modelVersion: 'old' }),
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
    expect((await submit(otherBroker, forClient())).status).toBe(403);
    const response = await submit(broker, forClient());
    expect(response.status).toBe(201);
    const { application } = protectionDetailResponseSchema.parse(response.body);
    expect(application.userId).toBe(clientId);
    const row = await t.db.protectionApplication.findUniqueOrThrow({ where: { id: application.id } });
    expect(row.submittedById).toBe(brokerId);
    expect(await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'client@example.com')).toContain(`Application: ${row.reference}`);

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
    const response = await submit(member, quote());
    expect(response.status).toBe(201);
    expect((await t.db.protectionApplication.findUniqueOrThrow({ where: { id: response.body.application.id } })).submittedById).toBe(memberId);
  });
});

// Last in the file: it submits an application of another member, which the counts above do not expect.
describe('the fire risk survey an application keeps', () => {
  it('keeps as the application’s fire risk survey only the one the member answered, never one the quote claims', async () => {
    await createTestUser(t.db, { email: 'unsurveyed@example.com', firstName: 'Uma' });
    const unsurveyed = await signedInAgent(t.app, 'unsurveyed@example.com');
    // A survey the member never answered, written into the quote as the wizard writes a real one.
    const claimed = { ...everyQuestionAnswered(), completedAt: '2025-01-01T00:00:00.000Z' };
    const withClaim = quote({
      personalDetails: { ...quote().personalDetails, email: 'unsurveyed@example.com', hasCompletedSurvey: true, fireRiskSurveyData: claimed },
      coverage: { selectedOption: 'submit', fireRiskSurveyData: claimed },
    });
    const response = await submit(unsurveyed, withClaim);
    expect(response.status).toBe(201);
    expect(protectionDetailResponseSchema.parse(response.body).application.surveyData).toBeNull();
  });

  it('refuses a quote whose copy of the survey is not the survey’s answers, naming the field, and keeps no application', async () => {
    const unsurveyed = await signedInAgent(t.app, 'unsurveyed@example.com');
    const before = await t.db.protectionApplication.count();
    const notAnswers = { completedAt: '2025-01-01T00:00:00.000Z', source: 'survey', firebreaks: 'maintained', note: 'x'.repeat(10_000) };
    const response = await submit(unsurveyed, quote({ personalDetails: { ...quote().personalDetails, email: 'unsurveyed@example.com', fireRiskSurveyData: notAnswers as unknown as FireRiskSurveyCopy } }));
    expect(response.status).toBe(400);
    expect(response.body.issues).toContainEqual({ path: 'personalDetails.fireRiskSurveyData', message: 'These are not survey questions: source, note' });
    expect(response.body.issues).toContainEqual({ path: 'personalDetails.fireRiskSurveyData.firebreaks', message: expect.stringMatching(/^The answer to 'firebreaks' must be one of '/) });
    expect(await t.db.protectionApplication.count()).toBe(before);
  });
});
