import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../../lib/paths';
import { totalPayable } from '@shared/domain/estimates';
import { toCents } from '@shared/domain/pricing/money';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, signedInAgent, TEST_PASSWORD, type TestAgent } from '../../testing/accounts';
import { createApplication, jpegWithExif, TINY_JPEG } from './test-fixtures';

let t: TestApp;
const users: Record<'member' | 'other' | 'broker' | 'otherBroker' | 'admin', { id: string; email: string }> = {} as never;
const agents: Record<keyof typeof users, TestAgent> = {} as never;
let accepted: Awaited<ReturnType<typeof createApplication>>;
let submitted: Awaited<ReturnType<typeof createApplication>>;

beforeAll(async () => {
  const blobDir = mkdtempSync(join(repositoryRoot, '.tmp', 'blobs-'));
  t = await createTestApp({ RATE_LIMITS: 'signInPerAccount=200/15m,signInPerAddress=200/15m', BLOB_DIR: blobDir });
  users.broker = await createTestUser(t.db, { email: 'broker@example.com', firstName: 'Bea', lastName: 'Broker', isBroker: true });
  users.otherBroker = await createTestUser(t.db, { email: 'broker2@example.com', isBroker: true });
  users.member = await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Grower', brokerId: users.broker.id });
  users.other = await createTestUser(t.db, { email: 'other@example.com', brokerId: users.otherBroker.id });
  users.admin = await createTestUser(t.db, { email: 'admin@example.com', isAdmin: true });
  for (const role of Object.keys(users) as Array<keyof typeof users>) agents[role] = await signedInAgent(t.app, users[role].email);
  accepted = await createApplication(t.db, users.member.id, { status: 'accepted', coverageType: 'both', premium: 4000 });
  submitted = await createApplication(t.db, users.member.id, { status: 'submitted', coverageType: 'hail', submittedAt: new Date('2026-06-01T02:00:00Z') });
});
afterAll(() => t.close());

const paddockIds = () => accepted.paddocks.filter((p) => p.priced).map((p) => p.id);

/** Lodges a claim as the form does: whose claim it is in ?memberId=, the rest as multipart fields. */
function lodge(agent: TestAgent, { memberId, ...fields }: Record<string, string | string[]>, photos: Array<{ bytes: Buffer; name: string }> = []) {
  let req = agent.post(memberId ? `/api/claims?memberId=${String(memberId)}` : '/api/claims');
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) req = req.field(key, item);
  for (const photo of photos) req = req.attach('photos', photo.bytes, photo.name);
  return req;
}

const claimFields = (overrides: Record<string, string | string[]> = {}) => ({
  applicationId: accepted.id,
  peril: 'hail',
  eventDate: '2026-10-14',
  affectedPaddockIds: paddockIds(),
  estimatedLoss: '40000',
  description: 'Hail stripped the heads on the north side of both paddocks.',
  ...overrides,
});

describe('protections', () => {
  it('lists the member’s protections with paddocks, values and dates', async () => {
    const response = await agents.member.get('/api/dashboard/protections');
    expect(response.status).toBe(200);
    expect(response.body.protections).toHaveLength(2);
    const both = response.body.protections.find((p: { id: string }) => p.id === accepted.id);
    expect(both).toMatchObject({ status: 'accepted', coverageDescription: 'Hail, Fire & Lightning', season: '2026', endsOn: '2027-03-31', insuredValueCents: 50_000_000 });
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

describe('claims', () => {
  let claimId = '';
  let photoUrl = '';

  it('lodges a claim with a photo, keeping the time and place the camera recorded', async () => {
    const response = await lodge(agents.member, claimFields(), [{ bytes: jpegWithExif(), name: 'hail.jpg' }]);
    expect(response.status).toBe(201);
    const claim = response.body.claim;
    claimId = claim.id;
    expect(claim).toMatchObject({ status: 'lodged', peril: 'hail', eventDate: '2026-10-14', estimatedLossCents: 4_000_000, reference: 'CLM-2026-00001' });
    expect(claim.affectedPaddocks.map((p: { name: string }) => p.name)).toEqual(['North Paddock', 'Creek Flat']);
    // Hurdle: 5% of $300,000 + 15% of $200,000 = $45,000; the $40,000 estimate is within it.
    expect(claim.hurdle).toMatchObject({ hurdleCents: 4_500_000, aboveHurdleCents: 0, clearsHurdle: false });
    expect(claim.photos).toHaveLength(1);
    expect(claim.photos[0]).toMatchObject({ fileName: 'hail.jpg', latitude: expect.closeTo(-31.6512, 4), longitude: expect.closeTo(117.2345, 4) });
    expect(claim.photos[0].takenAt).toMatch(/^2026-10-14T/);
    photoUrl = claim.photos[0].url;
  });

  it('serves the photo only to those who may see the claim', async () => {
    const own = await agents.member.get(photoUrl).buffer(true);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(Buffer.from(own.body), jpegWithExif())).toBe(0);
    expect((await agents.broker.get(photoUrl)).status).toBe(200);
    expect((await agents.admin.get(photoUrl)).status).toBe(200);
    expect((await agents.other.get(photoUrl)).status).toBe(404);
    expect((await agents.otherBroker.get(photoUrl)).status).toBe(404);
    expect((await request(t.app).get(photoUrl)).status).toBe(401);
  });

  it('keeps the bytes in the local blob folder', () => {
    const folders = readdirSync(t.env.BLOB_DIR, { recursive: true }).map(String);
    expect(folders.some((name) => name.endsWith('.jpg'))).toBe(true);
  });

  it('shows the claim to the member, their broker and staff, and hides it from others', async () => {
    expect((await agents.member.get(`/api/claims/${claimId}`)).status).toBe(200);
    expect((await agents.broker.get(`/api/claims/${claimId}`)).status).toBe(200);
    expect((await agents.admin.get(`/api/claims/${claimId}`)).status).toBe(200);
    expect((await agents.other.get(`/api/claims/${claimId}`)).status).toBe(404);
    expect((await agents.otherBroker.get(`/api/claims/${claimId}`)).status).toBe(404);
    const list = await agents.member.get('/api/claims');
    expect(list.body.claims.map((c: { id: string }) => c.id)).toEqual([claimId]);
    expect((await agents.other.get('/api/claims')).body.claims).toEqual([]);
    expect((await agents.other.get(`/api/claims?memberId=${users.member.id}`)).status).toBe(403);
  });

  it('refuses files that are not photos, photos over 10 MB and more than 6 at once', async () => {
    const pdf = await lodge(agents.member, claimFields(), [{ bytes: Buffer.from('%PDF-1.7 not a photo'), name: 'photo.jpg' }]);
    expect(pdf.status).toBe(415);
    expect(pdf.body.message).toContain('JPEG, PNG, HEIC or WebP');
    const big = Buffer.concat([TINY_JPEG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await lodge(agents.member, claimFields(), [{ bytes: big, name: 'big.jpg' }]);
    expect(tooBig.status).toBe(413);
    const many = await lodge(agents.member, claimFields(), Array.from({ length: 7 }, (_, i) => ({ bytes: TINY_JPEG, name: `p${i}.jpg` })));
    expect(many.status).toBe(400);
    expect((await agents.member.get('/api/claims')).body.claims).toHaveLength(1);
  });

  it('answers bad claims with the reason', async () => {
    const cases: Array<[Record<string, string | string[]>, number, string]> = [
      [{ peril: 'flood' }, 400, 'hail'],
      [{ eventDate: '2099-01-01' }, 400, 'future'],
      [{ eventDate: '2026-04-01' }, 400, 'before this protection'],
      [{ affectedPaddockIds: ['nope'] }, 400, 'paddocks on the protection'],
      [{ affectedPaddockIds: [accepted.paddocks[2]!.id] }, 400, 'paddocks on the protection'],
      [{ estimatedLoss: '-5' }, 400, 'negative'],
      [{ description: 'hail' }, 400, 'at least 10'],
      [{ applicationId: submitted.id }, 400, 'once the protection is accepted'],
    ];
    for (const [overrides, status, text] of cases) {
      const response = await lodge(agents.member, claimFields(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(status);
      expect(response.body.message).toContain(text);
    }
    const fire = await createApplication(t.db, users.member.id, { status: 'active', coverageType: 'fire' });
    const wrongPeril = await lodge(agents.member, claimFields({ applicationId: fire.id, affectedPaddockIds: [fire.paddocks[0]!.id] }));
    expect(wrongPeril.body.message).toBe('That protection does not cover this peril.');
  });

  it('lets the broker of record lodge for their client, and no one else', async () => {
    const byBroker = await lodge(agents.broker, claimFields({ memberId: users.member.id, peril: 'fire', affectedPaddockIds: [paddockIds()[0]!] }));
    expect(byBroker.status).toBe(201);
    expect(byBroker.body.claim.userId).toBe(users.member.id);
    expect((await lodge(agents.otherBroker, claimFields({ memberId: users.member.id }))).status).toBe(403);
    expect((await lodge(agents.other, claimFields({ memberId: users.member.id }))).status).toBe(403);
    // Someone else's protection, claimed as one's own, is simply not theirs.
    expect((await lodge(agents.other, claimFields())).body.message).toBe('Choose one of your protections for this claim.');
  });

  it('adds photos later, and the member and staff talk on the claim', async () => {
    const more = await agents.member.post(`/api/claims/${claimId}/photos`).attach('photos', TINY_JPEG, 'second.jpg');
    expect(more.status).toBe(201);
    expect(more.body.claim.photos[1]).toMatchObject({ fileName: 'second.jpg', takenAt: null, latitude: null });
    expect((await agents.other.post(`/api/claims/${claimId}/photos`).attach('photos', TINY_JPEG, 'x.jpg')).status).toBe(404);
    const mine = await agents.member.post(`/api/claims/${claimId}/messages`).send({ body: 'The assessor can reach the paddock by the east gate.' });
    expect(mine.status).toBe(201);
    const staff = await agents.admin.post(`/api/claims/${claimId}/messages`).send({ body: 'Thanks, an assessor will call tomorrow.' });
    expect(staff.body.claim.messages.at(-1)).toMatchObject({ fromStaff: true, author: 'staff', body: 'Thanks, an assessor will call tomorrow.' });
    expect(staff.body.claim.messages.at(-2)).toMatchObject({ fromStaff: false, author: 'member' });
    const fromBroker = await agents.broker.post(`/api/claims/${claimId}/messages`).send({ body: 'I will meet the assessor on the day.' });
    expect(fromBroker.body.claim.messages.at(-1)).toMatchObject({ fromStaff: false, author: 'broker' });
    expect((await agents.other.post(`/api/claims/${claimId}/messages`).send({ body: 'Hello there' })).status).toBe(404);
    expect((await agents.member.post(`/api/claims/${claimId}/messages`).send({ body: '' })).status).toBe(400);
  });

  it('lets only staff move a claim, along the allowed paths, and e-mails the member', async () => {
    expect((await agents.member.put(`/api/claims/${claimId}/status`).send({ status: 'paid' })).status).toBe(403);
    expect((await agents.broker.put(`/api/claims/${claimId}/status`).send({ status: 'accepted' })).status).toBe(403);
    const moved = await agents.admin.put(`/api/claims/${claimId}/status`).send({ status: 'under_assessment', message: 'Assessor booked for Thursday.' });
    expect(moved.status).toBe(200);
    expect(moved.body.claim.status).toBe('under_assessment');
    expect((await agents.admin.put(`/api/claims/${claimId}/status`).send({ status: 'paid' })).status).toBe(409);
    expect((await agents.admin.put(`/api/claims/${claimId}/status`).send({ status: 'nonsense' })).status).toBe(400);
    const outbox = readdirSync(t.env.MAIL_OUTBOX_DIR);
    expect(outbox.length).toBeGreaterThan(0);
  });
});

describe('payments', () => {
  let invoices: Array<{ id: string; kind: string; totalCents: number; gstCents: number; number: string; status: string }> = [];

  it('issues the membership fee and contribution invoices once the application is accepted, adding up to the total payable', async () => {
    const response = await agents.member.get('/api/invoices');
    expect(response.status).toBe(200);
    invoices = response.body.invoices;
    // The accepted and the active (fire) applications: one membership fee for the season, two contributions.
    expect(invoices.filter((i) => i.kind === 'membership_fee')).toHaveLength(1);
    const contribution = invoices.find((i) => i.kind === 'contribution' && i.totalCents === toCents(totalPayable(4000)) - 55_000)!;
    expect(contribution).toBeDefined();
    expect(contribution.gstCents).toBe(40_000);
    expect((await agents.member.get('/api/invoices')).body.invoices).toHaveLength(invoices.length);
    expect(invoices.every((i) => /^INV-2026-\d{5}$/.test(i.number))).toBe(true);
  });

  it('lets the member choose how to pay, and hides invoices from others', async () => {
    const invoice = invoices[0]!;
    const changed = await agents.member.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'instalments' });
    expect(changed.status).toBe(200);
    expect(changed.body.invoice.schedule).toHaveLength(3);
    expect((await agents.member.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'barter' })).status).toBe(400);
    expect((await agents.broker.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'after_harvest' })).status).toBe(200);
    expect((await agents.other.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'pay_now' })).status).toBe(404);
    expect((await agents.admin.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'pay_now' })).status).toBe(403);
    expect((await agents.otherBroker.get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(404);
  });

  it('renders the tax invoice as a PDF, keeps it, and gives a receipt for each payment', async () => {
    const invoice = invoices.find((i) => i.kind === 'membership_fee')!;
    const pdf = await agents.member.get(`/api/invoices/${invoice.id}/pdf`).buffer(true);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.db.storedFile.count({ where: { kind: 'invoice_pdf' } })).toBe(1);
    expect((await agents.member.post(`/api/invoices/${invoice.id}/payments`).send({ amountCents: 100, receivedOn: '2026-06-01', method: 'eft' })).status).toBe(403);
    expect((await agents.admin.post(`/api/invoices/${invoice.id}/payments`).send({ amountCents: 99_999_999, receivedOn: '2026-06-01', method: 'eft' })).status).toBe(400);
    const paid = await agents.admin.post(`/api/invoices/${invoice.id}/payments`).send({ amountCents: 55_000, receivedOn: '2026-06-01', method: 'eft', reference: 'EFT 1234' });
    expect(paid.status).toBe(201);
    expect(paid.body.invoice).toMatchObject({ status: 'paid', outstandingCents: 0, canChangeOption: false });
    const receiptUrl = paid.body.invoice.payments[0].receiptUrl;
    const receipt = await agents.member.get(receiptUrl).buffer(true);
    expect(receipt.status).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect((await agents.other.get(receiptUrl)).status).toBe(404);
    expect((await agents.member.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'pay_now' })).status).toBe(409);
  });
});

describe('overview, farm and reports', () => {
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

  it('takes the farm from the latest protection until the member keeps their own, then edits it', async () => {
    const first = await agents.member.get('/api/farm/paddocks');
    expect(first.body.source).toBe('protection');
    const paddocks = [
      { name: 'North Paddock', crop: 'barley', areaHa: 200, hurdlePercentage: 5 },
      { name: 'Creek Flat', crop: 'lupins', areaHa: 95.5, notes: 'Wet in winter' },
    ];
    const saved = await agents.member.put('/api/farm/paddocks').send({ paddocks });
    expect(saved.status).toBe(200);
    expect(saved.body.paddocks.map((p: { crop: string }) => p.crop)).toEqual(['barley', 'lupins']);
    expect((await agents.member.get('/api/farm/paddocks')).body.source).toBe('farm');
    expect((await agents.member.put('/api/farm/paddocks').send({ paddocks: [paddocks[0], paddocks[0]] })).status).toBe(400);
    expect((await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ name: 'X', areaHa: -1 }] })).status).toBe(400);
    expect((await agents.broker.put(`/api/farm/paddocks?memberId=${users.member.id}`).send({ paddocks })).status).toBe(200);
    expect((await agents.other.put(`/api/farm/paddocks?memberId=${users.member.id}`).send({ paddocks: [] })).status).toBe(403);
    expect((await agents.admin.put(`/api/farm/paddocks?memberId=${users.member.id}`).send({ paddocks: [] })).status).toBe(403);
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

describe('brokers', () => {
  it('lists the broker’s own clients with their farm, quotes, protections and claims', async () => {
    const response = await agents.broker.get('/api/broker/clients');
    expect(response.status).toBe(200);
    expect(response.body.clients.map((c: { email: string }) => c.email)).toEqual(['grower@example.com']);
    expect(response.body.clients[0]).toMatchObject({ name: 'Jo Grower', farm: { paddocks: 2 } });
    expect(response.body.clients[0].protections.length).toBeGreaterThan(0);
    expect(response.body.clients[0].claims.length).toBeGreaterThan(0);
    const other = await agents.otherBroker.get('/api/broker/clients');
    expect(other.body.clients.map((c: { email: string }) => c.email)).toEqual(['other@example.com']);
    expect((await agents.member.get('/api/broker/clients')).status).toBe(403);
  });

  it('gives the broker one client’s account for a quote in their name, and no one else’s', async () => {
    const response = await agents.broker.get(`/api/broker/clients/${users.member.id}`);
    expect(response.status).toBe(200);
    expect(response.body.client).toMatchObject({ id: users.member.id, name: 'Jo Grower', email: 'grower@example.com', firstName: 'Jo', lastName: 'Grower' });
    expect((await agents.otherBroker.get(`/api/broker/clients/${users.member.id}`)).status).toBe(404);
    expect((await agents.broker.get(`/api/broker/clients/${users.other.id}`)).status).toBe(404);
    expect((await agents.broker.get('/api/broker/clients/not%20an%20id')).status).toBe(400);
    expect((await agents.member.get(`/api/broker/clients/${users.member.id}`)).status).toBe(403);
  });
});

describe('settings', () => {
  it('keeps e-mail preferences', async () => {
    expect((await agents.member.get('/api/user/preferences')).body.preferences).toEqual({ claimUpdates: true, paymentReminders: true, renewalReminders: true });
    const saved = await agents.member.put('/api/user/preferences').send({ paymentReminders: false });
    expect(saved.body.preferences).toEqual({ claimUpdates: true, paymentReminders: false, renewalReminders: true });
    expect((await agents.member.put('/api/user/preferences').send({})).status).toBe(400);
    expect((await agents.member.put('/api/user/preferences').send({ claimUpdates: 'yes' })).status).toBe(400);
    expect((await agents.other.get('/api/user/preferences')).body.preferences.paymentReminders).toBe(true);
  });

  it('lists the sessions signed in elsewhere and ends one, or all the others', async () => {
    const phone = await signedInAgent(t.app, users.member.email);
    const list = await agents.member.get('/api/user/sessions');
    expect(list.status).toBe(200);
    const sessions = list.body.sessions as Array<{ id: string; current: boolean }>;
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const current = sessions.find((s) => s.current)!;
    expect((await agents.member.delete(`/api/user/sessions/${current.id}`)).status).toBe(400);
    const elsewhere = sessions.find((s) => !s.current)!;
    expect((await agents.other.delete(`/api/user/sessions/${elsewhere.id}`)).status).toBe(404);
    expect((await agents.member.delete(`/api/user/sessions/${elsewhere.id}`)).status).toBe(204);
    expect((await agents.member.delete(`/api/user/sessions/${elsewhere.id}`)).status).toBe(404);
    await signedInAgent(t.app, users.member.email);
    const ended = await agents.member.delete('/api/user/sessions');
    expect(ended.body.ended).toBeGreaterThanOrEqual(1);
    expect((await phone.get('/api/dashboard/overview')).status).toBe(401);
    expect((await agents.member.get('/api/dashboard/overview')).status).toBe(200);
  });
});

describe('uploads refused before they are read, and staff and broker steps in the audit log', () => {
  /**
   * Sends 64 KB of a declared 50 MB photo upload as `email` and resolves with the status: the answer
   * has to come without the rest of the body, or the server was reading it.
   */
  async function statusOfPartialUpload(email: string, path: string): Promise<number> {
    const signIn = await request(t.app).post('/api/auth/signin').set('Sec-Fetch-Site', 'same-origin').send({ email, password: TEST_PASSWORD });
    const cookie = (signIn.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]).join('; ');
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const declared = 50 * 1024 * 1024;
    const firstChunk = Buffer.concat([Buffer.from('--edge\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'), Buffer.alloc(64 * 1024, 0xff)]);
    try {
      return await new Promise<number>((resolve, reject) => {
        const upload = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path,
          headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'multipart/form-data; boundary=edge', 'Content-Length': String(declared) },
        });
        const timer = setTimeout(() => reject(new Error('No answer while the body was still unsent: the server waited to read it')), 5_000);
        upload.on('response', (response) => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
          upload.destroy();
        });
        upload.on('error', (error) => {
          if (!upload.destroyed) reject(error);
        });
        upload.write(firstChunk);
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('answers a photo upload to a claim the caller may not write before reading the body', async () => {
    const lodged = await lodge(agents.member, claimFields({ description: 'Hail on the east paddocks, photos to follow.' }));
    expect(lodged.status).toBe(201);
    const claimId = lodged.body.claim.id as string;
    expect(await statusOfPartialUpload(users.other.email, `/api/claims/${claimId}/photos`)).toBe(404);
    expect((await findClaimPhotos(claimId)).length).toBe(0);
  });

  it('answers a new claim for a member the broker does not serve before reading its photos', async () => {
    const before = await t.db.claim.count();
    expect(await statusOfPartialUpload(users.otherBroker.email, `/api/claims?memberId=${users.member.id}`)).toBe(403);
    expect(await t.db.claim.count()).toBe(before);
  });

  it('writes the acceptance of an application and each recorded payment to the audit log', async () => {
    const application = await createApplication(t.db, users.other.id);
    expect((await agents.admin.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' })).status).toBe(200);
    const acceptance = (await t.db.auditLog.findMany({ where: { action: 'application.status_changed', customerId: users.other.id } })).filter(
      (entry) => (entry.details as { applicationId?: string }).applicationId === application.id,
    );
    expect(acceptance.map((entry) => ({ actorId: entry.actorId, details: entry.details }))).toEqual([
      { actorId: users.admin.id, details: { applicationId: application.id, from: 'submitted', to: 'accepted' } },
    ]);

    const invoice = (await agents.other.get('/api/invoices')).body.invoices.find((item: { kind: string }) => item.kind === 'membership_fee');
    const paid = await agents.admin.post(`/api/invoices/${invoice.id}/payments`).send({ amountCents: 20_000, receivedOn: '2026-06-02', method: 'bpay', reference: 'BPAY 99' });
    expect(paid.status).toBe(201);
    const payments = await t.db.auditLog.findMany({ where: { action: 'payment.recorded', customerId: users.other.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      actorId: users.admin.id,
      details: { invoiceId: invoice.id, invoiceNumber: invoice.number, receiptNumber: paid.body.invoice.payments[0].receiptNumber, amountCents: 20_000, receivedOn: '2026-06-02', method: 'bpay', reference: 'BPAY 99' },
    });
  });

  it('writes staff decisions on a claim to the audit log', async () => {
    const claim = (await agents.member.get('/api/claims')).body.claims.find((item: { status: string }) => item.status === 'lodged');
    expect((await agents.admin.put(`/api/claims/${claim.id}/status`).send({ status: 'under_assessment' })).status).toBe(200);
    const entries = await t.db.auditLog.findMany({ where: { action: 'claim.status_changed', customerId: users.member.id } });
    expect(entries.map((entry) => ({ actorId: entry.actorId, details: entry.details }))).toContainEqual({
      actorId: users.admin.id,
      details: { claimId: claim.id, reference: claim.reference, from: 'lodged', to: 'under_assessment' },
    });
  });

  it('writes a broker’s changes to a client’s claims, paddocks and payment option to the audit log, and not the member’s own', async () => {
    const entries = () => t.db.auditLog.findMany({ where: { actorId: users.broker.id, customerId: users.member.id, action: 'broker.change' } });
    const before = (await entries()).length;
    const claimId = (await agents.member.get('/api/claims')).body.claims[0].id as string;
    expect((await agents.broker.post(`/api/claims/${claimId}/messages`).send({ body: 'Assessor booked for Tuesday.' })).status).toBe(201);
    expect((await agents.broker.put(`/api/farm/paddocks?memberId=${users.member.id}`).send({ paddocks: [{ name: 'Broker Paddock', areaHa: 12 }] })).status).toBe(200);
    expect((await agents.otherBroker.put(`/api/farm/paddocks?memberId=${users.member.id}`).send({ paddocks: [] })).status).toBe(403);
    expect((await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ name: 'My Paddock', areaHa: 10 }] })).status).toBe(200);
    await expect
      .poll(async () => (await entries()).slice(before).map((entry) => entry.details))
      .toEqual([
        { method: 'POST', path: `/api/claims/${claimId}/messages`, status: 201, succeeded: true },
        { method: 'PUT', path: '/api/farm/paddocks', status: 200, succeeded: true },
      ]);
    expect(await t.db.auditLog.count({ where: { actorId: { in: [users.member.id, users.otherBroker.id] }, action: 'broker.change' } })).toBe(0);
  });
});

const findClaimPhotos = (claimId: string) => t.db.claimPhoto.findMany({ where: { claimId } });
