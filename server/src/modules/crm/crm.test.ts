import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadConversionResponseSchema, leadDetailResponseSchema, leadListResponseSchema } from '@shared/contracts/crm';
import { DISCLOSURE_ACKNOWLEDGEMENTS } from '@shared/domain/quote/disclosures';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addDays, perthDay } from '@shared/perth-time';
import { leadFromReferredRegistration, leadsOfPerson, LEAD_UPDATE_AUDIT_ACTION } from './leads.service';
import { squareOutline } from '@shared/domain/geo/testing/square-outline';
import { linesOfCsv } from '../../testing/csv-file';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let admin: TestAgent;
let adminId: string;
const today = perthDay(new Date());
const nextWeek = addDays(today, 7);

const visitor = () => request(t.app);
const fromSite = (path: string, body: object) => visitor().post(path).set('Origin', 'http://127.0.0.1').set('Host', '127.0.0.1').send(body);
const formSubmission = (body: { type: 'contact' | 'register'; name: string; email: string; message: string; phone?: string; website?: string }) => fromSite('/api/form-submissions', body);
const callback = (userInfo: { email: string; firstName: string; lastName: string; phone: string }) =>
  fromSite('/api/callbacks/request', { reason: 'Questions about my estimate', timePreference: 'Morning', customTime: '', description: 'Is canola covered?', userInfo });

async function draftStartedDaysAgo(userId: string, days: number) {
  return t.db.draft.create({ data: { id: randomUUID(), userId, step: 'farm-mapping', dataHash: 'x', quoteData: {}, validationData: {}, uiState: {}, createdAt: new Date(Date.now() - days * DAY_MS) } });
}

const leadByEmail = async (email: string) => (await t.db.lead.findUniqueOrThrow({ where: { email } })).id;

/**
 * The seeded pipeline: Ann registers interest and later writes (one lead, two sources), Bob asks
 * for a callback, Carl registers with referrer AGRI, Dora left a quote 8 days ago, Old Ed 40 days
 * ago; a member with an application, a spam bot and Fay's 3-day-old quote make no lead.
 */
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  adminId = (await createTestUser(t.db, { email: 'staff@example.com', firstName: 'Sam', lastName: 'Staff', isAdmin: true })).id;
  admin = await signedInAgent(t.app, 'staff@example.com');
  await createTestUser(t.db, { email: 'agri@example.com', referrerCode: 'AGRI' });

  expect((await formSubmission({ type: 'register', name: 'Ann Paddock', email: 'ann@example.com', phone: '0400 111 222', message: '1200 ha at Cunderdin' })).status).toBe(201);
  expect((await formSubmission({ type: 'contact', name: 'Ann P', email: ' Ann@Example.com ', message: 'When does the season open?' })).status).toBe(201);
  expect((await callback({ email: 'bob@example.com', firstName: 'Bob', lastName: 'Header', phone: '0400 333 444' })).status).toBe(201);
  const member = await createTestUser(t.db, { email: 'member@example.com' });
  await createApplication(t.db, member.id);
  expect((await formSubmission({ type: 'contact', name: 'Mem Ber', email: 'member@example.com', message: 'My invoice?' })).status).toBe(201);
  expect((await formSubmission({ type: 'register', name: 'Bot', email: 'bot@example.com', message: 'buy now', website: 'http://spam' })).status).toBe(201);

  const carl = await createTestUser(t.db, { email: 'carl@example.com', firstName: 'Carl', lastName: 'Swather', referredByCode: 'AGRI' });
  await leadFromReferredRegistration(t.db, carl);
  const dora = await createTestUser(t.db, { email: 'dora@example.com', firstName: 'Dora', lastName: 'Seeder' });
  await draftStartedDaysAgo(dora.id, 8);
  const ed = await createTestUser(t.db, { email: 'ed@example.com', firstName: 'Old', lastName: 'Ed' });
  await draftStartedDaysAgo(ed.id, 40);
  const fay = await createTestUser(t.db, { email: 'fay@example.com', firstName: 'Fay', lastName: 'Fresh' });
  await draftStartedDaysAgo(fay.id, 3);
});
afterAll(() => t.close());

describe('GET /api/admin/crm/leads', () => {
  it('has one lead per person from every source, and none for members, spam or fresh quotes', async () => {
    const response = await admin.get('/api/admin/crm/leads');
    expect(response.status).toBe(200);
    const body = leadListResponseSchema.parse(response.body);
    expect(body.total).toBe(5);
    expect(body.stageCounts).toEqual({ new: 5, contacted: 0, quoted: 0, won: 0, lost: 0 });
    expect(body.leads.map((lead) => [lead.email, lead.source, lead.sources.join('+'), lead.referrerCode])).toEqual([
      ['carl@example.com', 'referrer', 'referrer', 'AGRI'],
      ['bob@example.com', 'callback', 'callback', null],
      ['ann@example.com', 'register_interest', 'register_interest+contact', null],
      ['dora@example.com', 'draft', 'draft', null],
      ['ed@example.com', 'draft', 'draft', null],
    ]);
    const ann = body.leads.find((lead) => lead.email === 'ann@example.com')!;
    expect(ann).toMatchObject({ name: 'Ann Paddock', phone: '0400 111 222', stage: 'new', owner: null });
    expect(body.leads.find((lead) => lead.email === 'carl@example.com')!.referrerOrganisation).toBe('Wheatbelt Agronomy');
    expect(body.staff).toEqual([{ id: adminId, name: 'Sam Staff' }]);
  });

  it('picks up a stale quote once however often the list is read', async () => {
    await admin.get('/api/admin/crm/leads');
    expect(await t.db.leadEvent.count({ where: { source: 'draft' } })).toBe(2);
    const dora = await t.db.lead.findUniqueOrThrow({ where: { email: 'dora@example.com' } });
    expect(perthDay(dora.createdAt)).toBe(addDays(today, -1));
  });

  it('filters by source, referrer and search, and refuses a bad filter with a sentence', async () => {
    expect(leadListResponseSchema.parse((await admin.get('/api/admin/crm/leads?source=draft')).body).total).toBe(2);
    expect(leadListResponseSchema.parse((await admin.get('/api/admin/crm/leads?referrer=AGRI')).body).leads.map((lead) => lead.name)).toEqual(['Carl Swather']);
    expect(leadListResponseSchema.parse((await admin.get('/api/admin/crm/leads?search=PADDOCK')).body).leads.map((lead) => lead.email)).toEqual(['ann@example.com']);
    const bad = await admin.get('/api/admin/crm/leads?stage=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].message).toBe('stage must be one of: new, contacted, quoted, won, lost');
  });
});

describe('PATCH /api/admin/crm/leads/:id', () => {
  it('moves a lead with a note, owner and follow-up date, and writes each change to the audit log', async () => {
    const id = await leadByEmail('ann@example.com');
    const response = await admin.patch(`/api/admin/crm/leads/${id}`).send({ stage: 'contacted', ownerId: adminId, nextFollowUpOn: nextWeek, note: 'Called; wants a quote for 1200 ha' });
    expect(response.status).toBe(200);
    const body = leadDetailResponseSchema.parse(response.body);
    expect(body.lead).toMatchObject({ stage: 'contacted', owner: { id: adminId, name: 'Sam Staff' }, nextFollowUpOn: nextWeek });
    expect(body.events.map((event) => [event.kind, event.text, event.actorName])).toEqual([
      ['source', 'Register interest: 1200 ha at Cunderdin', null],
      ['source', 'Contact message: When does the season open?', null],
      ['stage', 'Moved from new to contacted', 'Sam Staff'],
      ['note', 'Called; wants a quote for 1200 ha', 'Sam Staff'],
    ]);
    expect((await admin.patch(`/api/admin/crm/leads/${id}`).send({ stage: 'quoted' })).status).toBe(200);
    const audit = await t.db.auditLog.findMany({ where: { action: LEAD_UPDATE_AUDIT_ACTION }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((entry) => entry.details)).toEqual([
      {
        leadId: id,
        email: 'ann@example.com',
        changes: { stage: { from: 'new', to: 'contacted' }, ownerId: { from: null, to: adminId }, nextFollowUpOn: { from: null, to: nextWeek } },
        note: 'Called; wants a quote for 1200 ha',
      },
      { leadId: id, email: 'ann@example.com', changes: { stage: { from: 'contacted', to: 'quoted' } } },
    ]);
    expect(audit.every((entry) => entry.actorId === adminId)).toBe(true);
  });

  it('asks for the reason of a lost lead, keeps won for a submission, and refuses an unknown owner', async () => {
    const id = await leadByEmail('bob@example.com');
    const noReason = await admin.patch(`/api/admin/crm/leads/${id}`).send({ stage: 'lost' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues).toEqual([{ path: 'lostReason', message: 'Say why the lead was lost.' }]);
    const won = await admin.patch(`/api/admin/crm/leads/${id}`).send({ stage: 'won' });
    expect(won.status).toBe(400);
    expect(won.body.issues[0].message).toContain('a lead is won when its person submits an application');
    expect((await admin.patch(`/api/admin/crm/leads/${id}`).send({ ownerId: 'nobody' })).body.message).toBe('Choose an owner from the staff list.');
    expect((await admin.patch(`/api/admin/crm/leads/${id}`).send({})).body.message).toBe('Nothing to save: change the stage, owner or follow-up date, or write a note.');
    const lost = await admin.patch(`/api/admin/crm/leads/${id}`).send({ stage: 'lost', lostReason: 'Insured with a bank policy' });
    expect(leadDetailResponseSchema.parse(lost.body).lead).toMatchObject({ stage: 'lost', lostReason: 'Insured with a bank policy' });
    expect((await admin.get('/api/admin/crm/leads/none')).status).toBe(404);
  });

  it('lists the open leads due for follow-up', async () => {
    const due = leadListResponseSchema.parse((await admin.get('/api/admin/crm/leads?due=1')).body);
    expect(due.total).toBe(0);
    expect((await admin.patch(`/api/admin/crm/leads/${await leadByEmail('dora@example.com')}`).send({ nextFollowUpOn: today })).status).toBe(200);
    expect((await admin.patch(`/api/admin/crm/leads/${await leadByEmail('ed@example.com')}`).send({ nextFollowUpOn: addDays(today, -3) })).status).toBe(200);
    expect(leadListResponseSchema.parse((await admin.get('/api/admin/crm/leads?due=1')).body).leads.map((lead) => lead.email)).toEqual(['dora@example.com', 'ed@example.com']);
  });
});

/** docs/pricing.md example 1, as the wizard submits it. */
function submittableQuote(email: string) {
  return {
    personalDetails: {
      firstName: 'Ann',
      lastName: 'Paddock',
      email,
      disclosureAcknowledgments: Object.fromEntries(DISCLOSURE_ACKNOWLEDGEMENTS.map(({ key }) => [key, { accepted: true, acknowledgedAt: '2020-01-01T00:00:00.000Z' }])),
    },
    farmData: {
      address: 'Lot 4 Great Eastern Hwy, Cunderdin WA',
      farmLocation: { lat: -31.65, lng: 117.24, label: 'Cunderdin WA 6407' },
      zone: 'CWB',
      paddockSections: [{ id: 'p1', name: 'Home', area: 400, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(117.2, -31.6, 0.02) }],
    },
    cropDetails: { byCrop: { wheat: { expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 } } },
    estimates: { hail: { premium: 1, totalPayable: 2, insuredValue: 3 }, selectedCoverageType: 'hail' },
    coverage: { selectedOption: 'submit' },
  };
}

describe('a lead that becomes won on submission', () => {
  it('wins the lead of the person who submits an application, whatever stage staff left it in', async () => {
    await createTestUser(t.db, { email: 'ann@example.com', firstName: 'Ann', lastName: 'Paddock' });
    const ann = await signedInAgent(t.app, 'ann@example.com');
    const submitted = await ann.post('/api/protection').set('Idempotency-Key', randomUUID()).send(submittableQuote('ann@example.com'));
    expect(submitted.status).toBe(201);
    const id = await leadByEmail('ann@example.com');
    const body = leadDetailResponseSchema.parse((await admin.get(`/api/admin/crm/leads/${id}`)).body);
    expect(body.lead).toMatchObject({ stage: 'won', wonApplicationId: submitted.body.application.id });
    expect(body.events.at(-1)).toMatchObject({ kind: 'won', text: 'Submitted an application: won (was quoted)', actorName: null });
    const refused = await admin.patch(`/api/admin/crm/leads/${id}`).send({ stage: 'lost', lostReason: 'Changed their mind' });
    expect(refused.body.message).toBe('This lead is won: its person has submitted an application, so its stage no longer changes.');
    expect((await leadsOfPerson(t.db, { userId: body.lead.userId, email: null })).map((lead) => [lead.email, lead.stage])).toEqual([['ann@example.com', 'won']]);
  });

  it('reopens a lost lead when the person comes back, and keeps a won one won', async () => {
    expect((await callback({ email: 'bob@example.com', firstName: 'Bob', lastName: 'Header', phone: '0400 333 444' })).status).toBe(201);
    const bob = await t.db.lead.findUniqueOrThrow({ where: { email: 'bob@example.com' } });
    expect([bob.stage, bob.lostReason]).toEqual(['new', null]);
    await admin.patch(`/api/admin/crm/leads/${bob.id}`).send({ stage: 'lost', lostReason: 'Insured with a bank policy' });
    expect((await formSubmission({ type: 'contact', name: 'Ann', email: 'ann@example.com', message: 'Thanks!' })).status).toBe(201);
    expect((await t.db.lead.findUniqueOrThrow({ where: { email: 'ann@example.com' } })).stage).toBe('won');
  });
});

describe('GET /api/admin/crm/leads/conversion', () => {
  it('counts the period’s leads by source and by referrer', async () => {
    const response = await admin.get(`/api/admin/crm/leads/conversion?from=${addDays(today, -6)}&to=${today}`);
    expect(response.status).toBe(200);
    const body = leadConversionResponseSchema.parse(response.body);
    expect(body.total).toEqual({ key: 'all', leads: 4, won: 1, lost: 1, open: 2, rate: 0.25 });
    expect(body.bySource.map((row) => [row.key, row.leads, row.won, row.lost, row.open])).toEqual([
      ['register_interest', 1, 1, 0, 0],
      ['contact', 0, 0, 0, 0],
      ['callback', 1, 0, 1, 0],
      ['referrer', 1, 0, 0, 1],
      ['draft', 1, 0, 0, 1],
    ]);
    expect(body.byReferrer).toEqual([
      { key: 'AGRI', organisation: 'Wheatbelt Agronomy', leads: 1, won: 0, lost: 0, open: 1, rate: 0 },
      { key: '', organisation: null, leads: 3, won: 1, lost: 1, open: 1, rate: 1 / 3 },
    ]);
  });

  it('takes the last 90 days by default, and refuses a period backwards', async () => {
    const body = leadConversionResponseSchema.parse((await admin.get('/api/admin/crm/leads/conversion')).body);
    expect([body.from, body.to, body.total.leads]).toEqual([addDays(today, -89), today, 5]);
    expect(body.bySource.find((row) => row.key === 'draft')!.leads).toBe(2);
    const backwards = await admin.get('/api/admin/crm/leads/conversion?from=2026-10-02&to=2026-10-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.issues[0].message).toBe('from must be on or before to; swap the two dates');
  });
});

describe('GET /api/admin/crm/leads.csv', () => {
  it('exports every lead the filters keep, however many, newest first (it stopped at 10,000)', async () => {
    // 10,001 leads that arrived at one moment (so the newest first is the last id first), written in one statement.
    const arrived = new Date('2026-01-01T00:00:00Z');
    await t.db.$executeRaw`
      WITH RECURSIVE n(i) AS (SELECT 100000 UNION ALL SELECT i + 1 FROM n WHERE i < 110000)
      INSERT INTO "Lead" ("id", "email", "name", "source", "createdAt", "updatedAt")
      SELECT 'bulk-' || i, 'grower' || i || '@bulk-leads.example', 'Bulk Grower ' || i, 'contact', ${arrived}, ${arrived} FROM n`;
    const response = await admin.get('/api/admin/crm/leads.csv?search=bulk-leads.example');
    expect(response.status).toBe(200);
    const names = linesOfCsv(response.text)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(names).toEqual(Array.from({ length: 10_001 }, (_, index) => `Bulk Grower ${110_000 - index}`));
    await t.db.lead.deleteMany({ where: { email: { endsWith: '@bulk-leads.example' } } });
  });

  it('exports the filtered leads as a spreadsheet', async () => {
    const response = await admin.get('/api/admin/crm/leads.csv?source=referrer');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.text.replace('\uFEFF', '').split('\r\n')).toEqual([
      'Name,Email,Phone,Source,All sources,Referrer code,Referrer,Stage,Lost reason,Owner,Next follow-up,Arrived,Won',
      `Carl Swather,carl@example.com,,Referrer lead,Referrer lead,AGRI,Wheatbelt Agronomy,New,,,,${today},`,
      '',
    ]);
  });
});
