import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clientListSchema, protectionListSchema } from '@shared/contracts/dashboard';
import { parseStoredQuote, type QuoteState } from '@shared/contracts/quote';
import { renewalBasisSchema, startRenewalResponseSchema } from '@shared/contracts/renewals';
import { DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import { DISCLOSURE_ACKNOWLEDGEMENTS } from '@shared/domain/quote/disclosures';
import { perthToday } from '@shared/perth-time';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { RENEWED_PROTECTION_UNKNOWN_MESSAGE } from './member-renewal.service';

// A member's renewal (docs/seasons.md 'Renewing') through the real routes: started on the server from
// their latest protection (by them or their broker), compared with it in the wizard, and linked to it
// when the new application is submitted.

let t: TestApp;
let member: TestAgent, broker: TestAgent, otherBroker: TestAgent, stranger: TestAgent;
let memberId: string, strangerId: string;
let renewedId: string, strangersId: string;
const today = perthToday();
const thisYear = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
  await createTestUser(t.db, { email: 'staff@example.com', isAdmin: true });
  const brokerId = (await createTestUser(t.db, { email: 'broker@example.com', isBroker: true })).id;
  await createTestUser(t.db, { email: 'other-broker@example.com', isBroker: true });
  memberId = (await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Wheatley', brokerId })).id;
  strangerId = (await createTestUser(t.db, { email: 'neighbour@example.com' })).id;
  renewedId = (await createApplication(t.db, memberId, { status: 'active', seasonYear: thisYear, coverageType: 'hail' })).id;
  strangersId = (await createApplication(t.db, strangerId, { status: 'active', seasonYear: thisYear })).id;
  member = await signedInAgent(t.app, 'grower@example.com');
  broker = await signedInAgent(t.app, 'broker@example.com');
  otherBroker = await signedInAgent(t.app, 'other-broker@example.com');
  stranger = await signedInAgent(t.app, 'neighbour@example.com');
  const staff = await signedInAgent(t.app, 'staff@example.com');
  await staff
    .post('/api/admin/seasons')
    .send({ year: thisYear + 1, opensOn: today, coverEndsOn: `${thisYear + 2}-03-31` })
    .expect(201);
});
afterAll(() => t?.close());

const storedQuote = async (draftId: string): Promise<QuoteState> => {
  const row = await t.db.draft.findUniqueOrThrow({ where: { id: draftId } });
  return parseStoredQuote(row.quoteData).data!;
};

it('starts the renewal as a draft of the protected paddocks that names what it renews, and opens the same draft again', async () => {
  const started = startRenewalResponseSchema.parse((await member.post('/api/dashboard/renewal').expect(200)).body);
  expect(started).toMatchObject({ memberId, resumed: false });
  const quote = await storedQuote(started.draftId);
  expect(quote.renewsApplicationId).toBe(renewedId);
  // The excluded Bush Block is not carried; the priced paddocks come with their crops and the crops' figures.
  expect(quote.farmData.paddockSections.map((section) => [section.name, section.crop])).toEqual([
    ['North Paddock', 'wheat'],
    ['Creek Flat', 'canola'],
  ]);
  expect(quote.cropDetails.byCrop).toMatchObject({ wheat: { expectedYield: 2.5, pricePerTonne: 600, hurdlePercentage: 5 }, canola: { expectedYield: 2, pricePerTonne: 1000, hurdlePercentage: 15 } });

  // Again, from the reminder's link or the broker: the same draft, not a second one.
  expect((await broker.post(`/api/dashboard/renewal?memberId=${memberId}`).expect(200)).body).toEqual({ draftId: started.draftId, memberId, resumed: true });
  expect(await t.db.draft.count({ where: { userId: memberId } })).toBe(1);
});

it('names each of a broker’s clients due to renew, with the protection it starts from', async () => {
  const list = clientListSchema.parse((await broker.get('/api/broker/clients').expect(200)).body);
  expect(list.season).toEqual({ year: thisYear + 1 });
  expect(list.clients.map((client) => [client.name, client.renewal])).toEqual([['Jo Wheatley', { fromApplicationId: renewedId, reference: `APP-${thisYear}-00001`, season: String(thisYear) }]]);
});

it('lets only the member, their broker and support start it, and says when nothing is due', async () => {
  await otherBroker.post(`/api/dashboard/renewal?memberId=${memberId}`).expect(403);
  await stranger.post(`/api/dashboard/renewal?memberId=${memberId}`).expect(403);
  const newcomer = await createTestUser(t.db, { email: 'newcomer@example.com' });
  const newcomerAgent = await signedInAgent(t.app, newcomer.email);
  expect((await newcomerAgent.post('/api/dashboard/renewal').expect(409)).body.message).toBe(`There is no earlier protection to renew for the ${thisYear + 1} season. Start a new quote instead.`);
});

it('gives the wizard the renewed protection’s zone, cover, paddocks, each crop’s rate and figures, to those who may see it', async () => {
  const basis = renewalBasisSchema.parse((await member.get(`/api/dashboard/renewals/${renewedId}`).expect(200)).body);
  const zone = DEFAULT_PRICING_MODEL.zones.find((item) => item.code === 'CWB')!;
  const factor = (crop: string) => DEFAULT_PRICING_MODEL.cropFactors.find((item) => item.cropType === crop)!.hailFactor;
  expect(basis).toMatchObject({ id: renewedId, season: String(thisYear), zoneCode: 'CWB', coverageType: 'hail' });
  // The mutual's rate for a crop: the zone's hail rate times the crop's hail factor.
  expect(basis.rates).toEqual([
    { cropType: 'wheat', ratePercent: Math.round(zone.hailRate * factor('wheat') * 10_000) / 10_000 },
    { cropType: 'canola', ratePercent: Math.round(zone.hailRate * factor('canola') * 10_000) / 10_000 },
  ]);
  expect(basis.paddocks.map((paddock) => [paddock.name, paddock.crop])).toEqual([
    ['North Paddock', 'wheat'],
    ['Creek Flat', 'canola'],
    ['Bush Block', null],
  ]);
  expect(basis.valueProtectedCents).toBe(50_000_000);
  await broker.get(`/api/dashboard/renewals/${renewedId}`).expect(200);
  expect((await stranger.get(`/api/dashboard/renewals/${renewedId}`).expect(404)).body.message).toBe('Protection not found.');
});

/** The renewal's draft made ready to submit, as the wizard would: cover chosen, details and disclosures given. */
const readyToSubmit = (quote: QuoteState, renews: string | undefined) => ({
  ...quote,
  renewsApplicationId: renews,
  personalDetails: {
    ...quote.personalDetails,
    userId: memberId,
    firstName: 'Jo',
    lastName: 'Wheatley',
    email: 'grower@example.com',
    phone: '0400 000 000',
    address: '1 Main St, Cunderdin WA 6407',
    emailVerified: true,
    disclosureAcknowledgments: Object.fromEntries(DISCLOSURE_ACKNOWLEDGEMENTS.map(({ key }) => [key, { accepted: true, acknowledgedAt: new Date().toISOString() }])),
  },
  farmData: { ...quote.farmData, farmLocation: { lat: -31.65, lng: 117.24, label: 'Cunderdin WA 6407' } },
  estimates: { selectedCoverageType: 'hail' },
  coverage: { ...quote.coverage, selectedOption: 'submit' },
});
const submit = (agent: TestAgent, body: object) => agent.post('/api/protection').set('Idempotency-Key', randomUUID()).send(body);

it('links the submitted application to the protection it renews, and refuses one that is not the member’s earlier cover', async () => {
  const { draftId } = startRenewalResponseSchema.parse((await member.post('/api/dashboard/renewal').expect(200)).body);
  const quote = await storedQuote(draftId);

  for (const renews of [strangersId, 'no-such-application']) {
    const refused = await submit(member, readyToSubmit(quote, renews));
    expect([refused.status, refused.body.message]).toEqual([400, RENEWED_PROTECTION_UNKNOWN_MESSAGE]);
  }
  expect(await t.db.protectionApplication.count({ where: { userId: memberId, seasonYear: thisYear + 1 } })).toBe(0);

  const sent = await submit(member, readyToSubmit(quote, renewedId));
  expect(sent.status, JSON.stringify(sent.body.message)).toBe(201);
  const { protections } = protectionListSchema.parse((await member.get('/api/dashboard/protections').expect(200)).body);
  expect(protections.find((protection) => protection.season === String(thisYear + 1))).toMatchObject({ renewsApplicationId: renewedId });
  // Nothing is due any more: the season has its application.
  expect((await member.post('/api/dashboard/renewal').expect(409)).body.message).toMatch(new RegExp(`^An application for the ${thisYear + 1} season has already been sent \\(APP-${thisYear + 1}-`));
});
