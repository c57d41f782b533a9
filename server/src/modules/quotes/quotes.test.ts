import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, DRAFT_VERSION_CONFLICT_CODE, draftResponseSchema } from '@shared/contracts/drafts';
import { everyQuestionAnswered } from '@shared/contracts/testing/fire-risk-answers';
import { PADDOCK_OUTLINE_MESSAGE } from '@shared/contracts/pricing';
import { emptyQuoteState } from '@shared/contracts/quote';
import { outlineToAWorldAway, squareOutline } from '@shared/domain/geo/testing/square-outline';
import { polygonToPaddockSection } from '@shared/domain/geo/geometry';
import { buildAutoSavePayload } from '@shared/domain/quote/auto-save';
import { draftDataHash, draftQuoteData } from '@shared/domain/quote/draft';
import { DRAFT_BODY_LIMIT_BYTES, fitOutlinesInQuote } from '@shared/domain/quote/draft-limits';
import { fortyPaddockFields, jaggedPaddockFields } from '@shared/domain/geo/testing/farm-export-fixture';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
const ids: Record<'alice' | 'bob' | 'staff', string> = { alice: '', bob: '', staff: '' };

/** A visitor's state-changing call proves it comes from the site itself, so it meets the sign-in check, not CSRF. */
const sameSite = { 'Sec-Fetch-Site': 'same-origin' };

const agents = new Map<string, TestAgent>();
/** One sign-in per member for the whole file: sign-ins are rate limited per account. */
async function signIn(email: string): Promise<TestAgent> {
  const existing = agents.get(email);
  if (existing) return existing;
  const agent = await signedInAgent(testApp.app, email);
  agents.set(email, agent);
  return agent;
}

function quoteData(firstName: string) {
  const quote = emptyQuoteState();
  quote.personalDetails.firstName = firstName;
  quote.personalDetails.email = 'alice@example.com';
  return draftQuoteData(quote);
}

function createBody(id: string, userId: string, firstName = 'Alice') {
  const data = quoteData(firstName);
  return { id, userId, step: 'get-started', data, status: 'DRAFT', dataHash: draftDataHash(data) };
}

function updateBody(userId: string, version: number, firstName: string) {
  const { id: _id, ...body } = createBody('unused', userId, firstName);
  return { ...body, version };
}

beforeAll(async () => {
  testApp = await createTestApp();
  ids.alice = (await createTestUser(testApp.db, { email: 'alice@example.com', firstName: 'Alice' })).id;
  ids.bob = (await createTestUser(testApp.db, { email: 'bob@example.com', firstName: 'Bob' })).id;
  ids.staff = (await createTestUser(testApp.db, { email: 'staff@example.com', permissions: ['customer_support', 'edit_quotes'] })).id;
});

afterAll(async () => {
  await testApp.close();
});

describe('drafts routes (docs/behaviour.md §7)', () => {
  it('refuse visitors with 401', async () => {
    await request(testApp.app).get(`/api/user/drafts?userId=${ids.alice}`).expect(401);
    await request(testApp.app).get('/api/user/drafts/d-1').expect(401);
    await request(testApp.app).post('/api/quotes/draft').set(sameSite).send({}).expect(401);
  });

  it('create a DRAFT at version 1 under the client id, with the hash of the stored data', async () => {
    const alice = await signIn('alice@example.com');
    const body = createBody('draft-create', ids.alice);
    const response = await alice.post('/api/user/drafts').send(body).expect(201);
    expect(response.body.success).toBe(true);
    expect(response.body.draft).toMatchObject({ id: 'draft-create', userId: ids.alice, step: 'get-started', status: 'DRAFT', version: 1, dataHash: draftDataHash(body.data) });
    expect(response.body.draft.quoteData.personalDetails.firstName).toBe('Alice');
    await alice.post('/api/user/drafts').send(body).expect(409);
  });

  it('answer bad input with 400, never 500', async () => {
    const alice = await signIn('alice@example.com');
    await alice
      .post('/api/user/drafts')
      .send({ ...createBody('draft-bad', ids.alice), step: 'payment' })
      .expect(400);
    await alice
      .post('/api/user/drafts')
      .send({ ...createBody('bad id!', ids.alice) })
      .expect(400);
    await alice.post('/api/user/drafts').send('not json').set('Content-Type', 'application/json').expect(400);
    await alice.get('/api/user/drafts').expect(400);
    await alice.get('/api/user/drafts/has%20space').expect(400);
    await alice
      .put('/api/user/drafts/draft-create')
      .send({ ...updateBody(ids.alice, 1, 'A'), version: -1 })
      .expect(400);
  });

  it('list only the caller’s own drafts, newest first, and refuse another member’s list with 403', async () => {
    const alice = await signIn('alice@example.com');
    await alice.post('/api/user/drafts').send(createBody('draft-list-1', ids.alice)).expect(201);
    await alice.post('/api/user/drafts').send(createBody('draft-list-2', ids.alice)).expect(201);
    const list = await alice.get(`/api/user/drafts?userId=${ids.alice}`).expect(200);
    expect(list.body.success).toBe(true);
    expect(typeof list.body.message).toBe('string');
    const listed = list.body.drafts.map((draft: { id: string }) => draft.id);
    expect(listed).toEqual(expect.arrayContaining(['draft-list-1', 'draft-list-2']));
    const bob = await signIn('bob@example.com');
    await bob.get(`/api/user/drafts?userId=${ids.alice}`).expect(403);
    await bob.post('/api/user/drafts').send(createBody('draft-bob-for-alice', ids.alice)).expect(403);
  });

  it('hide another member’s draft with 404 on every route', async () => {
    const alice = await signIn('alice@example.com');
    await alice.post('/api/user/drafts').send(createBody('draft-private', ids.alice)).expect(201);
    const bob = await signIn('bob@example.com');
    await bob.get('/api/user/drafts/draft-private').expect(404);
    await bob.get('/api/quotes/draft?id=draft-private').expect(404);
    await bob
      .put('/api/user/drafts/draft-private')
      .send(updateBody(ids.bob, 1, 'Bob'))
      .expect(404);
    await bob.put('/api/user/drafts/draft-private/status').send({ status: 'ACTIVE' }).expect(404);
    await bob.delete('/api/user/drafts/draft-private').expect(404);
    await bob
      .post('/api/quotes/draft')
      .send({ userId: ids.bob, step: 'get-started', quoteData: quoteData('Bob'), draftId: 'draft-private', version: 1 })
      .expect(404);
    // Creating a draft under her id, or forcing a new one over it, does not reveal that it exists either.
    const taken = await bob.post('/api/user/drafts').send(createBody('draft-private', ids.bob)).expect(404);
    expect(taken.body.message).toBe('Draft not found.');
    await bob
      .post('/api/quotes/draft')
      .send({ userId: ids.bob, step: 'get-started', quoteData: quoteData('Bob'), draftId: 'draft-private', forceNew: true })
      .expect(404);
    const kept = await alice.get('/api/user/drafts/draft-private').expect(200);
    expect(kept.body.draft).toMatchObject({ version: 1, status: 'DRAFT' });
    expect(kept.body.draft.quoteData.personalDetails.firstName).toBe('Alice');
  });

  it('apply a PUT based on the current version and refuse a stale one with 409, keeping the newer data', async () => {
    const alice = await signIn('alice@example.com');
    await alice.post('/api/user/drafts').send(createBody('draft-versions', ids.alice)).expect(201);
    const first = await alice
      .put('/api/user/drafts/draft-versions')
      .send(updateBody(ids.alice, 1, 'From tab one'))
      .expect(200);
    expect(first.body.draft.version).toBe(2);
    const stale = await alice
      .put('/api/user/drafts/draft-versions')
      .send(updateBody(ids.alice, 1, 'From tab two'))
      .expect(409);
    expect(stale.body.error).toBe(DRAFT_VERSION_CONFLICT_CODE);
    const kept = await alice.get('/api/user/drafts/draft-versions').expect(200);
    expect(kept.body.draft.version).toBe(2);
    expect(kept.body.draft.quoteData.personalDetails.firstName).toBe('From tab one');
    await alice
      .put('/api/user/drafts/draft-versions')
      .send(updateBody(ids.bob, 2, 'Moved'))
      .expect(400);
    await alice
      .put('/api/user/drafts/no-such-draft')
      .send(updateBody(ids.alice, 1, 'Nobody'))
      .expect(404);
  });

  it('update the status, sending completedAt with COMPLETED, and answer draft.updatedAt', async () => {
    const alice = await signIn('alice@example.com');
    await alice.post('/api/user/drafts').send(createBody('draft-status', ids.alice)).expect(201);
    await alice.put('/api/user/drafts/draft-status/status').send({ status: 'COMPLETED' }).expect(400);
    await alice.put('/api/user/drafts/draft-status/status').send({ status: 'FINISHED' }).expect(400);
    const completedAt = '2025-03-01T02:00:00.000Z';
    const response = await alice.put('/api/user/drafts/draft-status/status').send({ status: 'COMPLETED', completedAt }).expect(200);
    expect(response.body.draft).toMatchObject({ status: 'COMPLETED', completedAt });
    expect(Date.parse(response.body.draft.updatedAt)).not.toBeNaN();
    const active = await alice.put('/api/user/drafts/draft-status/status').send({ status: 'ACTIVE' }).expect(200);
    expect(active.body.draft).toMatchObject({ status: 'ACTIVE', completedAt: null });
  });

  it('delete a draft for its owner', async () => {
    const alice = await signIn('alice@example.com');
    await alice.post('/api/user/drafts').send(createBody('draft-delete', ids.alice)).expect(201);
    const response = await alice.delete('/api/user/drafts/draft-delete').expect(200);
    expect(response.body.success).toBe(true);
    await alice.get('/api/user/drafts/draft-delete').expect(404);
  });
});

describe('quote draft routes (docs/behaviour.md §7 /api/quotes/draft)', () => {
  const payload = (draftId: string | undefined, extra: Record<string, unknown> = {}) => ({
    userId: ids.alice,
    step: 'farm-mapping',
    quoteData: quoteData('Alice'),
    ...(draftId === undefined ? {} : { draftId }),
    ...extra,
  });

  it('answer the docs/behaviour.md §8 texts for missing data and a missing id', async () => {
    const alice = await signIn('alice@example.com');
    const noData = await alice.post('/api/quotes/draft').send({ userId: ids.alice, step: 'get-started', draftId: 'qd-empty' }).expect(400);
    expect(noData.body.message).toBe(DRAFT_MESSAGES.noDataToSave);
    const empty = await alice.post('/api/quotes/draft').send({ userId: ids.alice, step: 'get-started', quoteData: {}, draftId: 'qd-empty' }).expect(400);
    expect(empty.body.message).toBe(DRAFT_MESSAGES.noDataToSave);
    const noId = await alice.post('/api/quotes/draft').send(payload(undefined)).expect(400);
    expect(noId.body.message).toBe(DRAFT_MESSAGES.noDraftIdProvided);
    const noQueryId = await alice.get('/api/quotes/draft').expect(400);
    expect(noQueryId.body.message).toContain(DRAFT_MESSAGES.noDraftIdProvided);
  });

  it('create, then update with the version, refuse a stale save with 409 and read the draft back', async () => {
    const alice = await signIn('alice@example.com');
    const created = await alice.post('/api/quotes/draft').send(payload('qd-1')).expect(201);
    expect(created.body).toMatchObject({ success: true, draft: { id: 'qd-1', version: 1 } });
    await alice.post('/api/quotes/draft').send(payload('qd-1')).expect(400);
    const updated = await alice
      .post('/api/quotes/draft')
      .send(payload('qd-1', { version: 1, step: 'protection-calculator' }))
      .expect(200);
    expect(updated.body.draft.version).toBe(2);
    await alice
      .post('/api/quotes/draft')
      .send(payload('qd-1', { version: 1 }))
      .expect(409);
    await alice
      .post('/api/quotes/draft')
      .send(payload('qd-1', { forceNew: true }))
      .expect(409);
    await alice
      .post('/api/quotes/draft')
      .send(payload('qd-2', { forceNew: true }))
      .expect(201);
    const read = await alice.get('/api/quotes/draft?id=qd-1').expect(200);
    expect(read.body.draft).toMatchObject({ id: 'qd-1', step: 'protection-calculator', version: 2 });
  });
});

describe('a draft whose paddocks share an id', () => {
  it('is refused, saying why, and the draft already saved is kept as it was', async () => {
    const alice = await signIn('alice@example.com');
    const paddock = { id: 'home', name: 'Home', area: 120, crop: 'wheat' };
    const withPaddocks = (paddockSections: object[]) => {
      const quote = emptyQuoteState();
      quote.personalDetails.email = 'alice@example.com';
      return { userId: ids.alice, step: 'farm-mapping', quoteData: draftQuoteData({ ...quote, farmData: { ...quote.farmData, paddockSections: paddockSections as typeof quote.farmData.paddockSections } }) };
    };
    await alice
      .post('/api/quotes/draft')
      .send({ ...withPaddocks([paddock]), draftId: 'qd-twins' })
      .expect(201);
    const twins = await alice
      .post('/api/quotes/draft')
      .send({ ...withPaddocks([paddock, { ...paddock, name: 'Home again' }]), draftId: 'qd-twins', version: 1 })
      .expect(400);
    expect(twins.body.message).toContain("Two paddocks have the id 'home'; each paddock in a quote needs an id of its own.");
    const kept = await alice.get('/api/quotes/draft?id=qd-twins').expect(200);
    expect(kept.body.draft.version).toBe(1);
    expect(kept.body.draft.quoteData.farmData.paddockSections.map((section: { name: string }) => section.name)).toEqual(['Home']);
  });

  it('with an outline that is not one (a corner a world away) is refused, naming the field, on both save routes, and the draft already saved is kept', async () => {
    const alice = await signIn('alice@example.com');
    const home = { id: 'home', name: 'Home', area: 120, crop: 'wheat', geometry: squareOutline(117.2, -31.6, 0.02) };
    const stray = { ...home, geometry: outlineToAWorldAway(117.2, -31.6) };
    const withPaddocks = (paddockSections: object[]) => {
      const quote = emptyQuoteState();
      quote.personalDetails.email = 'alice@example.com';
      return draftQuoteData({ ...quote, farmData: { ...quote.farmData, paddockSections: paddockSections as typeof quote.farmData.paddockSections } });
    };
    await alice
      .post('/api/quotes/draft')
      .send({ userId: ids.alice, step: 'farm-mapping', quoteData: withPaddocks([home]), draftId: 'qd-stray' })
      .expect(201);
    const autoSave = await alice.post('/api/quotes/draft').send({ userId: ids.alice, step: 'farm-mapping', quoteData: withPaddocks([stray]), draftId: 'qd-stray', version: 1 });
    const put = await alice.put('/api/user/drafts/qd-stray').send({ userId: ids.alice, step: 'farm-mapping', status: 'DRAFT', data: withPaddocks([stray]), version: 1 });
    for (const refused of [autoSave, put]) {
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`farmData.paddockSections.0.geometry: ${PADDOCK_OUTLINE_MESSAGE}`);
    }
    const kept = await alice.get('/api/quotes/draft?id=qd-stray').expect(200);
    expect(kept.body.draft).toMatchObject({ version: 1, quoteData: { farmData: { paddockSections: [{ name: 'Home', geometry: { type: 'Polygon' } }] } } });
    expect(kept.body.draft.quoteData.farmData.paddockSections[0].geometry.coordinates[0][1]).toEqual([117.22, -31.6]);
  });
});

describe('a draft’s copy of the fire risk survey', () => {
  const withSurveyCopy = (copy: object) => {
    const quote = emptyQuoteState();
    quote.personalDetails.firstName = 'Alice';
    quote.personalDetails.email = 'alice@example.com';
    const data = draftQuoteData(quote);
    return { ...data, personalDetails: { ...data.personalDetails, hasCompletedSurvey: true, fireRiskSurveyData: copy } };
  };
  const answered = { ...everyQuestionAnswered(), completedAt: '2026-11-20T01:00:00.000Z' };
  const notAnswers = { source: 'survey', firebreaks: 'maintained', completedAt: '2026-11-20T01:00:00.000Z' };

  it('is kept when it is the survey’s answers; one that is not is refused, naming the field, and the draft already saved is kept', async () => {
    const alice = await signIn('alice@example.com');
    await alice
      .post('/api/quotes/draft')
      .send({ userId: ids.alice, step: 'personal-details', quoteData: withSurveyCopy(answered), draftId: 'qd-survey' })
      .expect(201);
    const refused = await alice
      .post('/api/quotes/draft')
      .send({ userId: ids.alice, step: 'personal-details', quoteData: withSurveyCopy(notAnswers), draftId: 'qd-survey', version: 1 })
      .expect(400);
    expect(refused.body.issues).toContainEqual({ path: 'quoteData.personalDetails.fireRiskSurveyData', message: 'These are not survey questions: source' });
    const kept = await alice.get('/api/quotes/draft?id=qd-survey').expect(200);
    expect(kept.body.draft).toMatchObject({ version: 1, quoteData: { personalDetails: { fireRiskSurveyData: answered } } });
  });

  it('kept before copies had a shape, and not fitting it, is read as none: the draft opens with the rest as it was and saves again', async () => {
    const alice = await signIn('alice@example.com');
    // As an older client left it: a copy of another shape in each place the quote keeps one.
    const keptBefore = {
      personalDetails: { firstName: 'Alice', email: 'alice@example.com', hasCompletedSurvey: true, fireRiskSurveyData: { source: 'survey', ignitionSources: 'none' } },
      coverage: { fireRiskSurveyData: 'answered' },
    };
    await testApp.db.draft.create({ data: { id: 'qd-old-survey', userId: ids.alice, step: 'personal-details', dataHash: draftDataHash(keptBefore), quoteData: keptBefore, validationData: {}, uiState: {} } });
    const opened = draftResponseSchema.parse((await alice.get('/api/quotes/draft?id=qd-old-survey').expect(200)).body).draft;
    expect(opened.quoteData.personalDetails).toMatchObject({ firstName: 'Alice', hasCompletedSurvey: true });
    expect(opened.quoteData.personalDetails.fireRiskSurveyData).toBeUndefined();
    expect(opened.quoteData.coverage.fireRiskSurveyData).toBeUndefined();
    await alice.post('/api/quotes/draft').send({ userId: ids.alice, step: 'personal-details', quoteData: opened.quoteData, draftId: 'qd-old-survey', version: opened.version }).expect(200);
  });
});

describe('a paddock’s copies of its outline’s figures', () => {
  const ring = [
    [116.5, -31.5],
    [116.51, -31.5],
    [116.51, -31.51],
    [116.5, -31.5],
  ];
  const paddock = {
    id: 'home',
    name: 'Home paddock',
    geometry: { type: 'Polygon', coordinates: [ring] },
    coordinates: ring,
    centroid: { lat: -31.503, lng: 116.507 },
    boundingBox: [116.5, -31.51, 116.51, -31.5],
  };
  const withPaddock = (section: object) => {
    const data = draftQuoteData(emptyQuoteState());
    return { ...data, farmData: { ...data.farmData, paddockSections: [section] } };
  };

  it('are kept on the globe: a centre a world away is refused, naming the field, and the draft already saved is kept', async () => {
    const alice = await signIn('alice@example.com');
    await alice
      .post('/api/quotes/draft')
      .send({ userId: ids.alice, step: 'farm-mapping', quoteData: withPaddock(paddock), draftId: 'qd-outline' })
      .expect(201);
    const refused = await alice
      .post('/api/quotes/draft')
      .send({ userId: ids.alice, step: 'farm-mapping', quoteData: withPaddock({ ...paddock, centroid: { lat: 1000, lng: 5000 } }), draftId: 'qd-outline', version: 1 })
      .expect(400);
    expect(refused.body.issues).toContainEqual({ path: 'quoteData.farmData.paddockSections.0.centroid.lat', message: 'A latitude is between -90 and 90' });
    expect(refused.body.issues).toContainEqual({ path: 'quoteData.farmData.paddockSections.0.centroid.lng', message: 'A longitude is between -180 and 180' });
    const kept = await alice.get('/api/quotes/draft?id=qd-outline').expect(200);
    expect(kept.body.draft).toMatchObject({ version: 1, quoteData: { farmData: { paddockSections: [{ id: 'home', centroid: paddock.centroid }] } } });
  });

  it('kept off the globe before they had a shape, are read as none: the paddock opens with its outline and saves again', async () => {
    const alice = await signIn('alice@example.com');
    // As an older client left it: every copy a world away, the outline itself sound.
    const keptBefore = { farmData: { paddockSections: [{ ...paddock, coordinates: [[5000, 1000]], centroid: { lat: 1000, lng: 5000 }, boundingBox: [0, 0, 5000, 1000] }] } };
    await testApp.db.draft.create({ data: { id: 'qd-old-outline', userId: ids.alice, step: 'farm-mapping', dataHash: draftDataHash(keptBefore), quoteData: keptBefore, validationData: {}, uiState: {} } });
    const opened = draftResponseSchema.parse((await alice.get('/api/quotes/draft?id=qd-old-outline').expect(200)).body).draft;
    const [section] = opened.quoteData.farmData.paddockSections;
    expect(section).toMatchObject({ id: 'home', name: 'Home paddock', geometry: paddock.geometry });
    expect(section).not.toHaveProperty('coordinates');
    expect(section).not.toHaveProperty('centroid');
    expect(section).not.toHaveProperty('boundingBox');
    await alice.post('/api/quotes/draft').send({ userId: ids.alice, step: 'farm-mapping', quoteData: opened.quoteData, draftId: 'qd-old-outline', version: opened.version }).expect(200);
  });
});

describe('saved estimates (GET /api/estimates/{id})', () => {
  it('answer the owner, hide the estimate from others and check the support query', async () => {
    const estimate = await testApp.db.savedEstimate.create({
      data: { userId: ids.alice, data: { quoteData: { personalDetails: { firstName: 'Alice' } } } },
    });
    const alice = await signIn('alice@example.com');
    const response = await alice.get(`/api/estimates/${estimate.id}`).expect(200);
    expect(response.body).toMatchObject({ success: true, estimate: { id: estimate.id, userId: ids.alice, quoteData: { personalDetails: { firstName: 'Alice' } } } });
    const bob = await signIn('bob@example.com');
    await bob.get(`/api/estimates/${estimate.id}`).expect(404);
    await alice.get('/api/estimates/no-such-estimate').expect(404);
    await alice.get(`/api/estimates/${estimate.id}?isSupport=true`).expect(400);
    await alice.get(`/api/estimates/${estimate.id}?isSupport=true&customerId=${ids.bob}`).expect(404);
  });
});

describe('support mode (staff acting for a customer)', () => {
  async function enterSupport(permissionLevel: 'read' | 'write') {
    // A fresh sign-in per level: each test has its own support session.
    const staff = await signedInAgent(testApp.app, 'staff@example.com');
    await staff.post('/api/admin/support/enter').send({ adminUserId: ids.staff, customerId: ids.alice, customerName: 'Alice Test', permissionLevel }).expect(200);
    return staff;
  }

  it('lets read-level staff see the customer’s drafts and estimates but not change them', async () => {
    const alice = await signIn('alice@example.com');
    await alice.post('/api/user/drafts').send(createBody('draft-support', ids.alice)).expect(201);
    const staff = await enterSupport('read');
    await staff.get(`/api/user/drafts?userId=${ids.alice}`).expect(200);
    await staff.get('/api/user/drafts/draft-support').expect(200);
    const estimate = await testApp.db.savedEstimate.create({ data: { userId: ids.alice, data: { quoteData: {} } } });
    await staff.get(`/api/estimates/${estimate.id}?isSupport=true&customerId=${ids.alice}`).expect(200);
    await staff
      .put('/api/user/drafts/draft-support')
      .send(updateBody(ids.alice, 1, 'Staff'))
      .expect(403);
    await staff.delete('/api/user/drafts/draft-support').expect(403);
    await staff.get(`/api/user/drafts?userId=${ids.bob}`).expect(403);
  });

  it('lets write-level staff save the customer’s draft', async () => {
    const staff = await enterSupport('write');
    await staff.post('/api/user/drafts').send(createBody('draft-support-write', ids.alice)).expect(201);
    const saved = await staff
      .put('/api/user/drafts/draft-support-write')
      .send(updateBody(ids.alice, 1, 'Fixed by staff'))
      .expect(200);
    expect(saved.body.draft.version).toBe(2);
  });
});

describe('a broker of record acting for a client (docs/behaviour.md §6)', () => {
  const broker = { id: '', agent: null as unknown as TestAgent };
  let otherBroker: TestAgent;
  let clientId = '';

  beforeAll(async () => {
    broker.id = (await createTestUser(testApp.db, { email: 'broker@example.com', firstName: 'Bea', isBroker: true })).id;
    await createTestUser(testApp.db, { email: 'other-broker@example.com', isBroker: true });
    clientId = (await createTestUser(testApp.db, { email: 'client@example.com', firstName: 'Cal', brokerId: broker.id })).id;
    broker.agent = await signIn('broker@example.com');
    otherBroker = await signIn('other-broker@example.com');
  });

  it('lets the broker create, update, list, read and complete a client’s draft, each change audited', async () => {
    const { agent } = broker;
    await agent
      .post('/api/user/drafts')
      .send(createBody('draft-broker', clientId, 'Cal'))
      .expect(201);
    const updated = await agent
      .put('/api/user/drafts/draft-broker')
      .send(updateBody(clientId, 1, 'Cal by broker'))
      .expect(200);
    expect(updated.body.draft).toMatchObject({ userId: clientId, version: 2 });
    const { id: _id, ...rest } = createBody('unused', clientId, 'Cal');
    const { data, ...meta } = rest;
    await agent
      .post('/api/quotes/draft')
      .send({ ...meta, quoteData: data, draftId: 'draft-broker-auto' })
      .expect(201);
    const list = await agent.get(`/api/user/drafts?userId=${clientId}`).expect(200);
    expect(list.body.drafts.map((draft: { id: string }) => draft.id).sort()).toEqual(['draft-broker', 'draft-broker-auto']);
    await agent.get('/api/quotes/draft?id=draft-broker').expect(200);
    await agent.put('/api/user/drafts/draft-broker/status').send({ status: 'COMPLETED', completedAt: new Date().toISOString() }).expect(200);
    // The client sees what their broker saved.
    const client = await signIn('client@example.com');
    expect((await client.get('/api/user/drafts/draft-broker').expect(200)).body.draft.quoteData.personalDetails.firstName).toBe('Cal by broker');

    await expect.poll(async () => (await testApp.db.auditLog.findMany({ where: { actorId: broker.id, customerId: clientId, action: 'broker.change' } })).length).toBe(4);
    const entries = await testApp.db.auditLog.findMany({ where: { actorId: broker.id, customerId: clientId } });
    const changes = entries.map((entry) => entry.details as { method: string; path: string });
    expect(changes.map((change) => `${change.method} ${change.path}`).sort()).toEqual([
      'POST /api/quotes/draft',
      'POST /api/user/drafts',
      'PUT /api/user/drafts/draft-broker',
      'PUT /api/user/drafts/draft-broker/status',
    ]);
    await expect.poll(async () => (await testApp.db.auditLog.findMany({ where: { actorId: broker.id } })).every((entry) => (entry.details as { succeeded?: boolean }).succeeded === true)).toBe(true);
  });

  it('does not audit the broker’s reading, nor a member’s own changes', async () => {
    const before = await testApp.db.auditLog.count();
    await broker.agent.get(`/api/user/drafts?userId=${clientId}`).expect(200);
    const client = await signIn('client@example.com');
    await client
      .post('/api/user/drafts')
      .send(createBody('draft-client-own', clientId, 'Cal'))
      .expect(201);
    expect(await testApp.db.auditLog.count()).toBe(before);
  });

  it('keeps another broker out: 404 for the client’s records, 403 for their list or a new draft', async () => {
    await otherBroker.get('/api/user/drafts/draft-broker').expect(404);
    await otherBroker
      .put('/api/user/drafts/draft-broker')
      .send(updateBody(clientId, 2, 'Intruder'))
      .expect(404);
    await otherBroker.delete('/api/user/drafts/draft-broker').expect(404);
    await otherBroker.get(`/api/user/drafts?userId=${clientId}`).expect(403);
    await otherBroker.post('/api/user/drafts').send(createBody('draft-intruder', clientId)).expect(403);
    // The broker reaches only their own clients.
    await broker.agent.get(`/api/user/drafts?userId=${ids.alice}`).expect(403);
    await broker.agent.get(`/api/user/drafts?userId=no-such-member`).expect(403);
  });

  it('lets the broker open a client’s saved estimate named by customerId, and no one else’s', async () => {
    const estimate = await testApp.db.savedEstimate.create({ data: { userId: clientId, data: { quoteData: {} } } });
    await broker.agent.get(`/api/estimates/${estimate.id}?customerId=${clientId}`).expect(200);
    await broker.agent.get(`/api/estimates/${estimate.id}`).expect(200);
    await broker.agent.get(`/api/estimates/${estimate.id}?customerId=${ids.alice}`).expect(404);
    await otherBroker.get(`/api/estimates/${estimate.id}?customerId=${clientId}`).expect(404);
  });

  it('stops at once when the broker role is taken away', async () => {
    await testApp.db.user.update({ where: { id: broker.id }, data: { isBroker: false } });
    try {
      await broker.agent.get('/api/user/drafts/draft-broker').expect(404);
    } finally {
      await testApp.db.user.update({ where: { id: broker.id }, data: { isBroker: true } });
    }
  });
});

describe('a farm of imported paddocks is saved whole', () => {
  type Field = ReturnType<typeof fortyPaddockFields>[number];
  const polygonOf = (field: Field) => ({ type: 'Polygon' as const, coordinates: [field.outline] });

  /** The paddock sections the farm map makes of a boundary file, outlines kept as the importer keeps them. */
  function importedSections(fields: Field[], prefix: string) {
    const fitted = fitOutlinesInQuote(fields.map((field) => ({ name: field.name, geometry: polygonOf(field) })));
    if (!fitted.ok) throw new Error(fitted.message);
    return fitted.items.map((item, index) => polygonToPaddockSection(item.geometry, { id: `${prefix}-${index + 1}`, name: item.name }));
  }

  function farmQuote(paddockSections: ReturnType<typeof importedSections>) {
    const quote = emptyQuoteState();
    quote.personalDetails.firstName = 'Alice';
    quote.personalDetails.email = 'alice@example.com';
    quote.farmData.farmLocation = { lat: -31.48, lng: 118.28, label: 'Merredin WA 6415' };
    quote.farmData.paddockSections = paddockSections;
    return quote;
  }

  it('saves a draft of 40 GPS-traced paddocks, imported or even as traced, and reads every one back', async () => {
    const alice = await signIn('alice@example.com');
    const imported = importedSections(fortyPaddockFields(), 'imported');
    expect(imported).toHaveLength(40);
    const saved = await alice.post('/api/quotes/draft').send(buildAutoSavePayload({ userId: ids.alice, step: 'farm-mapping', quote: farmQuote(imported), draftId: 'draft-forty' }));
    expect(saved.status).toBe(201);
    const back = await alice.get('/api/user/drafts/draft-forty').expect(200);
    const sections = back.body.draft.quoteData.farmData.paddockSections as Array<{ name: string; area: number }>;
    expect(sections.map((section) => section.name)).toEqual(fortyPaddockFields().map((field) => field.name));
    expect(sections.every((section) => section.area > 30)).toBe(true);

    // The outlines exactly as traced (1,400 positions each, 14 decimals: what made every save fail at 1 MB) fit too.
    const traced = fortyPaddockFields().map((field, index) => polygonToPaddockSection(polygonOf(field), { id: `traced-${index + 1}`, name: field.name }));
    const payload = buildAutoSavePayload({ userId: ids.alice, step: 'farm-mapping', quote: farmQuote(traced), draftId: 'draft-forty-traced' });
    expect(JSON.stringify({ ...payload, quoteData: { ...payload.quoteData, farmData: { paddockSections: traced } } }).length).toBeGreaterThan(1024 * 1024);
    expect((await alice.post('/api/quotes/draft').send(payload)).status).toBe(201);
  });

  it('refuses, saying why, a draft with more corners than a quote keeps and a body over the limit', async () => {
    const alice = await signIn('alice@example.com');
    // Two files, each accepted by the importer, that together exceed the quote's corners.
    const sections = [...importedSections(jaggedPaddockFields(1), 'rough-1'), ...importedSections(jaggedPaddockFields(2), 'rough-2')];
    const tooMany = await alice.post('/api/quotes/draft').send(buildAutoSavePayload({ userId: ids.alice, step: 'farm-mapping', quote: farmQuote(sections), draftId: 'draft-rough' }));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toMatch(/^The paddock outlines in this quote have [\d,]+ corners; a quote keeps at most 60,000\. Remove paddocks/);

    const huge = farmQuote([]);
    huge.personalDetails.address = 'x'.repeat(DRAFT_BODY_LIMIT_BYTES);
    const tooLarge = await alice.post('/api/quotes/draft').send(buildAutoSavePayload({ userId: ids.alice, step: 'farm-mapping', quote: huge, draftId: 'draft-huge' }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/^This quote is too large to save \([\d.]+ MB\): the most we keep is [\d.]+ MB\./);
    // Other routes keep their small limit.
    expect((await alice.put('/api/user/preferences').send({ claimUpdates: true, filler: 'x'.repeat(2 * 1024 * 1024) })).status).toBe(413);
    await alice.get('/api/user/drafts/draft-rough').expect(404);
  });
});
