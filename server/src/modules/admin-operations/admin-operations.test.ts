import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOverviewResponseSchema } from '@shared/contracts/admin-operations';
import { adminClaimsResponseSchema } from '@shared/contracts/claims';
import { adminApplicationsResponseSchema } from '@shared/contracts/protection';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createApplication } from '../../testing/dashboard-fixtures';
import { SEARCH_MATCH_LIMIT } from '../accounts/users.service';

let t: TestApp;
let admin: TestAgent;
let member: TestAgent;
const ids = {} as Record<'casey' | 'dana' | 'caseyApp' | 'danaApp', string>;

async function claim(userId: string, applicationId: string, peril: string, status: string, reference: string) {
  return t.db.claim.create({
    data: { userId, applicationId, peril, status, reference, eventDate: '2026-10-01', affectedPaddocks: [], estimatedLossCents: 100_000, description: 'Hail through the wheat', lodgedById: userId },
  });
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  await createTestUser(t.db, { email: 'admin@example.com', isAdmin: true });
  ids.casey = (await createTestUser(t.db, { email: 'casey@example.com', firstName: 'Casey', lastName: 'Customer' })).id;
  ids.dana = (await createTestUser(t.db, { email: 'dana@example.com', firstName: 'Dana', lastName: 'Farmer' })).id;
  await createTestUser(t.db, { email: 'bree@example.com', firstName: 'Bree', lastName: 'Broker', isBroker: true });
  // A member of support staff given an account this week: staff, not a new member.
  await createTestUser(t.db, { email: 'sasha@example.com', firstName: 'Sasha', lastName: 'Support', permissions: ['customer_support'] });
  ids.caseyApp = (await createApplication(t.db, ids.casey, { premium: 1000, seasonYear: 2026 })).id;
  ids.danaApp = (await createApplication(t.db, ids.dana, { premium: 2000.5, seasonYear: 2026, status: 'accepted' })).id;
  await createApplication(t.db, ids.dana, { premium: 9999, seasonYear: 2025 });
  await claim(ids.casey, ids.caseyApp, 'hail', 'lodged', 'CLM-2026-00001');
  await claim(ids.dana, ids.danaApp, 'fire', 'under_assessment', 'CLM-2026-00002');
  await t.db.formSubmission.createMany({
    data: [
      { type: 'contact', name: 'A', email: 'a@example.com', message: 'Hello' },
      { type: 'contact', name: 'B', email: 'b@example.com', message: 'Hi', isRead: true },
    ],
  });
  admin = await signedInAgent(t.app, 'admin@example.com');
  member = await signedInAgent(t.app, 'casey@example.com');
});
afterAll(() => t.close());

describe('GET /api/admin/overview', () => {
  it('counts the season’s applications and premium, claims by status, unread submissions and new members', async () => {
    const response = await admin.get('/api/admin/overview?season=2026');
    expect(response.status).toBe(200);
    const body = adminOverviewResponseSchema.parse(response.body);
    expect(body.season).toBe(2026);
    expect(body.applications).toEqual({ submitted: 1, under_review: 0, accepted: 1, active: 0, ended: 0 });
    // Only Dana's accepted application is written; Casey's submitted one is an application, not premium.
    expect(body.premiumWritten.premiumCents).toBe(200_050);
    expect(body.premiumWritten.insuredValueCents).toBe(50_000_000);
    // Accepted and invoiced but unpaid: written, not protected.
    expect(body.premiumWritten.valueProtectedCents).toBe(0);
    expect(body.claims).toMatchObject({ lodged: 1, under_assessment: 1, accepted: 0 });
    expect(body.unreadSubmissions).toBe(1);
    // Casey, Dana and Bree the broker; not the administrator nor the support staff made this week.
    expect(body.newMembersThisWeek).toBe(3);
    expect((await admin.get('/api/admin/overview?season=2025')).body.applications.submitted).toBe(1);
  });

  it('answers 400 for a season that is not a year and refuses non-administrators', async () => {
    expect((await admin.get('/api/admin/overview?season=soon')).status).toBe(400);
    expect((await request(t.app).get('/api/admin/overview')).status).toBe(401);
    expect((await member.get('/api/admin/overview')).status).toBe(403);
  });
});

describe('GET /api/admin/claims', () => {
  it('lists every member’s claims with the member, filtered by status, peril and member', async () => {
    const all = adminClaimsResponseSchema.parse((await admin.get('/api/admin/claims')).body);
    expect(all.total).toBe(2);
    expect(all.claims.map((item) => item.memberName).sort()).toEqual(['Casey Customer', 'Dana Farmer']);
    expect((await admin.get('/api/admin/claims?status=lodged')).body.claims.map((item: { reference: string }) => item.reference)).toEqual(['CLM-2026-00001']);
    expect((await admin.get('/api/admin/claims?peril=fire')).body.claims.map((item: { reference: string }) => item.reference)).toEqual(['CLM-2026-00002']);
    expect((await admin.get('/api/admin/claims?member=dana%20farmer')).body.claims.map((item: { memberEmail: string }) => item.memberEmail)).toEqual(['dana@example.com']);
    expect((await admin.get('/api/admin/claims?member=nobody')).body).toMatchObject({ total: 0, claims: [] });
  });

  it('finds the claims of every member the search matches, past the first thousand', async () => {
    const growers = Array.from({ length: 1_000 }, (_, index) => ({ email: `grower${index}@wheatbelt.example`, passwordHash: '-', firstName: 'Wheatbelt', lastName: `Grower ${index}`, permissions: [] }));
    await t.db.user.createMany({ data: growers });
    const last = await createTestUser(t.db, { email: 'last@wheatbelt.example', firstName: 'Wheatbelt', lastName: 'Last' });
    await claim(last.id, (await createApplication(t.db, last.id, { seasonYear: 2026 })).id, 'hail', 'lodged', 'CLM-2026-00003');
    const found = adminClaimsResponseSchema.parse((await admin.get('/api/admin/claims?member=wheatbelt')).body);
    expect([found.total, found.claims.map((item) => item.reference)]).toEqual([1, ['CLM-2026-00003']]);
  });

  it('asks for more of the name when a search matches more people than a list can be filtered by', async () => {
    const many = Array.from({ length: SEARCH_MATCH_LIMIT + 1 }, (_, index) => ({ email: `member${index}@bulk.example`, passwordHash: '-', firstName: 'Bulk', lastName: `Member ${index}`, permissions: [] }));
    await t.db.user.createMany({ data: many });
    const broad = "'bulk' matches more than 20,000 people: type more of the member's name, e-mail address or business.";
    for (const address of ['/api/admin/claims?member=bulk', '/api/admin/discount-management/applications?q=bulk']) {
      const answer = await admin.get(address);
      expect([address, answer.status, answer.body.error, answer.body.message]).toEqual([address, 400, 'search_too_broad', broad]);
    }
    expect((await admin.get('/api/admin/claims?member=member19999@bulk')).body).toMatchObject({ total: 0, claims: [] });
  });

  it('answers 400 for an unknown status and refuses non-administrators', async () => {
    const wrong = await admin.get('/api/admin/claims?status=lost');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/status must be one of/);
    expect((await request(t.app).get('/api/admin/claims')).status).toBe(401);
    expect((await member.get('/api/admin/claims')).status).toBe(403);
  });
});

describe('GET /api/admin/applications', () => {
  it('answers each application’s own status and filters by it', async () => {
    const accepted = adminApplicationsResponseSchema.parse((await admin.get('/api/admin/applications?status=accepted')).body);
    expect(accepted.applications.map((item) => [item.id, item.status])).toEqual([[ids.danaApp, 'accepted']]);
  });

  it('answers the stage the member sees beside the workflow status: invoiced once accepted, protected once money is in', async () => {
    const stageOf = async () => adminApplicationsResponseSchema.parse((await admin.get('/api/admin/applications?status=accepted')).body).applications[0]!.stage;
    expect(await stageOf()).toBe('invoiced');
    const invoice = await t.db.invoice.findFirstOrThrow({ where: { applicationId: ids.danaApp } });
    const paid = await admin.post(`/api/invoices/${invoice.id}/payments`).send({ amountDollars: 100, receivedOn: '2026-06-01', method: 'eft' });
    expect(paid.status).toBe(201);
    expect(await stageOf()).toBe('protected');
    const submitted = adminApplicationsResponseSchema.parse((await admin.get('/api/admin/applications?status=submitted')).body);
    expect(submitted.applications.map((item) => item.stage)).toEqual(submitted.applications.map(() => 'submitted'));
  });
});
