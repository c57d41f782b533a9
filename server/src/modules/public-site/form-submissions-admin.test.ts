import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { NOTHING_WAITING } from '@shared/domain/notifications/staff-attention';

let testApp: TestApp;
let admin: TestAgent;
let member: TestAgent;

const submission = (index: number, overrides: Record<string, unknown> = {}) => ({
  type: 'contact',
  name: `Grower ${index}`,
  email: `grower${index}@example.com`,
  message: `Question ${index}`,
  createdAt: new Date(Date.UTC(2026, 9, 1, 0, index)),
  ...overrides,
});

beforeAll(async () => {
  testApp = await createTestApp();
  await createTestUser(testApp.db, { email: 'admin@example.com', isAdmin: true });
  await createTestUser(testApp.db, { email: 'member@example.com' });
  admin = await signedInAgent(testApp.app, 'admin@example.com');
  member = await signedInAgent(testApp.app, 'member@example.com');
});
afterAll(async () => {
  await testApp.close();
});

describe('GET /api/admin/notifications/count', () => {
  it('is for administrators only', async () => {
    expect((await request(testApp.app).get('/api/admin/notifications/count')).status).toBe(401);
    expect((await member.get('/api/admin/notifications/count')).status).toBe(403);
  });

  it('answers no unread and no recent submissions on a new installation', async () => {
    const response = await admin.get('/api/admin/notifications/count');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ unreadCount: 0, recentSubmissions: [], attention: NOTHING_WAITING });
  });

  it('counts what else waits for staff: applications not yet reviewed, claims not yet assessed, support requests nobody has picked up', async () => {
    const grower = await createTestUser(testApp.db, { email: 'waiting@example.com' });
    const submitted = await createApplication(testApp.db, grower.id);
    await createApplication(testApp.db, grower.id, { status: 'under_review' });
    const claim = { userId: grower.id, applicationId: submitted.id, peril: 'hail', eventDate: '2026-10-01', affectedPaddocks: [], estimatedLossCents: 100_000, description: 'Hail', lodgedById: grower.id };
    await testApp.db.claim.create({ data: { ...claim, status: 'lodged', reference: 'CLM-2026-09001' } });
    await testApp.db.claim.create({ data: { ...claim, status: 'under_assessment', reference: 'CLM-2026-09002' } });
    const help = { name: 'Wes Waiting', email: 'waiting@example.com', body: 'Call me', userId: grower.id, source: 'help_form', subject: 'Invoice' };
    await testApp.db.supportRequest.createMany({
      data: [
        { ...help, status: 'new' },
        { ...help, status: 'new' },
        { ...help, status: 'waiting_on_member' },
      ],
    });
    expect((await admin.get('/api/admin/notifications/count')).body.attention).toEqual({ ...NOTHING_WAITING, newApplications: 1, newClaims: 1, newSupportRequests: 2 });

    // Moved on by staff, they no longer wait.
    await testApp.db.protectionApplication.update({ where: { id: submitted.id }, data: { status: 'under_review' } });
    await testApp.db.claim.updateMany({ where: { userId: grower.id }, data: { status: 'under_assessment' } });
    await testApp.db.supportRequest.updateMany({ where: { userId: grower.id }, data: { status: 'waiting_on_member' } });
    expect((await admin.get('/api/admin/notifications/count')).body.attention).toEqual(NOTHING_WAITING);
  });

  it('counts genuine unread submissions, never spam, and lists the newest 3 as { id, type, name, email, createdAt }', async () => {
    for (let index = 1; index <= 5; index += 1) await testApp.db.formSubmission.create({ data: submission(index) });
    await testApp.db.formSubmission.create({ data: submission(6, { type: 'register' }) });
    await testApp.db.formSubmission.create({ data: submission(7, { isRead: true }) });
    await testApp.db.formSubmission.create({ data: submission(8, { isSpam: true, isRead: true }) });
    await testApp.db.formSubmission.create({ data: submission(9, { isSpam: true }) });
    const response = await admin.get('/api/admin/notifications/count');
    expect(response.body.unreadCount).toBe(6);
    expect(response.body.recentSubmissions).toHaveLength(3);
    expect(response.body.recentSubmissions.map((row: { name: string }) => row.name)).toEqual(['Grower 6', 'Grower 5', 'Grower 4']);
    expect(Object.keys(response.body.recentSubmissions[0]).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'type']);
    expect(response.body.recentSubmissions[0]).toMatchObject({ type: 'register', email: 'grower6@example.com', createdAt: '2026-10-01T00:06:00.000Z' });
  });
});

describe('the administrators submissions list', () => {
  it('lists genuine submissions newest first, filters unread and spam, and marks them read', async () => {
    expect((await member.get('/api/admin/form-submissions')).status).toBe(403);
    const all = await admin.get('/api/admin/form-submissions');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 7, page: 1, pageSize: 25, unreadCount: 6 });
    expect(all.body.submissions[0]).toMatchObject({ name: 'Grower 7', isRead: true, isSpam: false, phone: null, message: 'Question 7' });
    expect((await admin.get('/api/admin/form-submissions?filter=spam')).body.total).toBe(2);
    const unread = await admin.get('/api/admin/form-submissions?filter=unread');
    expect(unread.body.total).toBe(6);

    const first = unread.body.submissions[0];
    const marked = await admin.patch(`/api/admin/form-submissions/${first.id}`).send({ isRead: true });
    expect(marked.status).toBe(200);
    expect(marked.body.submission).toMatchObject({ id: first.id, isRead: true });
    expect((await admin.get('/api/admin/notifications/count')).body.unreadCount).toBe(5);

    expect((await admin.patch('/api/admin/form-submissions/nope').send({ isRead: true })).status).toBe(404);
    expect((await admin.patch(`/api/admin/form-submissions/${first.id}`).send({ isRead: 'yes' })).status).toBe(400);

    const allRead = await admin.post('/api/admin/form-submissions/mark-all-read');
    expect(allRead.body).toEqual({ updated: 5 });
    expect((await admin.get('/api/admin/notifications/count')).body).toMatchObject({ unreadCount: 0, recentSubmissions: [] });
    expect((await admin.get('/api/admin/form-submissions?filter=bogus')).status).toBe(400);
  });
});
