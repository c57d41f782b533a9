/**
 * The administrators' lists fed by anonymous traffic (error groups, analytics events, security log,
 * form submissions) are paged by the database: a page never holds more than its size, whatever
 * the tables hold, and the total counts every row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS_PAGE_SIZE, TOP_EVENTS_LIMIT } from '@shared/contracts/admin-insights';
import { FORM_SUBMISSIONS_PAGE_SIZE } from '@shared/contracts/public-site';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let admin: TestAgent;
const base = Date.UTC(2026, 9, 1);

beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  await createTestUser(testApp.db, { email: 'admin@example.com', isAdmin: true });
  admin = await signedInAgent(testApp.app, 'admin@example.com');
});
afterAll(() => testApp.close());

describe('admin lists page on the server', () => {
  it('error groups: 20 a page, the rest on the next', async () => {
    const rows = ERRORS_PAGE_SIZE + 5;
    await testApp.db.errorGroup.createMany({
      data: Array.from({ length: rows }, (_, index) => ({
        fingerprint: `javascript-${String(index).padStart(16, '0')}`,
        count: index + 1,
        firstSeen: new Date(base),
        lastSeen: new Date(base + index * 60_000),
        type: 'javascript',
        severity: 'low',
        message: `Failure ${index}`,
      })),
    });
    const first = (await admin.get('/api/admin/errors')).body;
    expect(first).toMatchObject({ total: rows, page: 1, pageSize: ERRORS_PAGE_SIZE });
    expect(first.groups).toHaveLength(ERRORS_PAGE_SIZE);
    expect(first.groups[0].message).toBe(`Failure ${rows - 1}`);
    const second = (await admin.get('/api/admin/errors?page=2')).body;
    expect(second.groups.map((group: { message: string }) => group.message)).toEqual(['Failure 4', 'Failure 3', 'Failure 2', 'Failure 1', 'Failure 0']);
  });

  it('analytics events: the 20 most frequent of more event names', async () => {
    const names = TOP_EVENTS_LIMIT + 5;
    await testApp.db.analyticsEvent.createMany({
      data: Array.from({ length: names }, (_, index) => Array.from({ length: index + 1 }, () => ({ event: `event_${String(index).padStart(2, '0')}`, properties: {}, occurredAt: new Date(base) }))).flat(),
    });
    const summary = (await admin.get('/api/admin/analytics/summary?from=2026-09-30&to=2026-10-02')).body;
    expect(summary.topEvents).toHaveLength(TOP_EVENTS_LIMIT);
    expect(summary.topEvents[0]).toEqual({ event: `event_${names - 1}`, count: names });
    expect(summary.total).toBe((names * (names + 1)) / 2);
  });

  it('security log: the page size asked for, and the total', async () => {
    const existing = await testApp.db.securityEvent.count();
    await testApp.db.securityEvent.createMany({
      data: Array.from({ length: 30 }, (_, index) => ({ type: 'sign_in_failure', email: `guess-${index}@example.com`, details: {}, createdAt: new Date(base + index * 1000) })),
    });
    const page = (await admin.get('/api/admin/security-logs?type=sign_in_failure&pageSize=25&page=2')).body;
    expect(page).toMatchObject({ total: 30, page: 2, pageSize: 25 });
    expect(page.events.map((event: { email: string }) => event.email)).toEqual(['guess-4@example.com', 'guess-3@example.com', 'guess-2@example.com', 'guess-1@example.com', 'guess-0@example.com']);
    expect((await admin.get('/api/admin/security-logs?pageSize=101')).status).toBe(400);
    expect((await admin.get('/api/admin/security-logs')).body.total).toBe(existing + 30);
  });

  it('form submissions: 25 a page', async () => {
    const rows = FORM_SUBMISSIONS_PAGE_SIZE + 3;
    await testApp.db.formSubmission.createMany({
      data: Array.from({ length: rows }, (_, index) => ({ type: 'contact', name: `Grower ${index}`, email: `grower${index}@example.com`, message: 'Hello', createdAt: new Date(base + index * 1000) })),
    });
    const first = (await admin.get('/api/admin/form-submissions')).body;
    expect(first).toMatchObject({ total: rows, page: 1, pageSize: FORM_SUBMISSIONS_PAGE_SIZE });
    expect(first.submissions).toHaveLength(FORM_SUBMISSIONS_PAGE_SIZE);
    const second = (await admin.get('/api/admin/form-submissions?page=2')).body;
    expect(second.submissions.map((row: { name: string }) => row.name)).toEqual(['Grower 2', 'Grower 1', 'Grower 0']);
  });
});
