import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';

let testApp: TestApp;
let admin: TestAgent;
const ids = {} as Record<'admin' | 'broker' | 'casey' | 'dana' | 'staff' | 'partner' | 'zoe', string>;

beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  const { db } = testApp;
  ids.admin = (await createTestUser(db, { email: 'admin@example.com', isAdmin: true })).id;
  ids.broker = (await createTestUser(db, { email: 'broker@example.com', firstName: 'Bree', lastName: 'Broker', isBroker: true })).id;
  ids.casey = (await createTestUser(db, { email: 'casey@example.com', firstName: 'Casey', lastName: 'Customer' })).id;
  await db.user.update({ where: { id: ids.casey }, data: { businessName: 'Merredin Grain Co' } });
  ids.dana = (await createTestUser(db, { email: 'dana@example.com', firstName: 'Dana', lastName: 'Farmer' })).id;
  ids.staff = (await createTestUser(db, { email: 'staff@example.com', permissions: ['customer_support'] })).id;
  ids.partner = (await createTestUser(db, { email: 'partner@example.com', referrerCode: 'WHEATBELT' })).id;
  ids.zoe = (await createTestUser(db, { email: 'zoe@example.com', firstName: 'Zoë', lastName: 'Ó Briain' })).id;
  admin = await signedInAgent(testApp.app, 'admin@example.com');
});
afterAll(() => testApp.close());

describe('GET /api/admin/security-logs', () => {
  it('answers the newest events first, a page at a time, with the total', async () => {
    await signedInAgent(testApp.app, 'dana@example.com');
    await request(testApp.app).post('/api/auth/signin').set('Sec-Fetch-Site', 'same-origin').send({ email: 'dana@example.com', password: 'not the password' }).expect(401);
    const first = await admin.get('/api/admin/security-logs?pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, page: 1, pageSize: 2 });
    expect(first.body.total).toBeGreaterThanOrEqual(3);
    expect(first.body.events).toHaveLength(2);
    expect(first.body.events[0]).toMatchObject({ type: 'sign_in_failure', email: 'dana@example.com' });
    const times = first.body.events.map((event: { createdAt: string }) => Date.parse(event.createdAt));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]);
    const second = await admin.get('/api/admin/security-logs?pageSize=2&page=2');
    expect(second.body.events.map((event: { id: string }) => event.id)).not.toContain(first.body.events[1].id);
  });

  it('filters by type, part of an e-mail address, user id and time range', async () => {
    const byType = await admin.get('/api/admin/security-logs?type=sign_in_success&email=DANA');
    expect(byType.body.events.length).toBeGreaterThan(0);
    expect(byType.body.events.every((event: { type: string; email: string }) => event.type === 'sign_in_success' && event.email === 'dana@example.com')).toBe(true);
    const byUser = await admin.get(`/api/admin/security-logs?userId=${ids.admin}`);
    expect(byUser.body.events.every((event: { userId: string }) => event.userId === ids.admin)).toBe(true);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const none = await admin.get(`/api/admin/security-logs?from=${encodeURIComponent(future)}`);
    expect(none.body).toMatchObject({ total: 0, events: [] });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const within = await admin.get(`/api/admin/security-logs?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`);
    expect(within.body.total).toBeGreaterThan(0);
  });

  it('answers 400 for an unknown type, a bad date or a range that ends before it starts', async () => {
    expect((await admin.get('/api/admin/security-logs?type=coffee_break')).status).toBe(400);
    expect((await admin.get('/api/admin/security-logs?from=yesterday')).status).toBe(400);
    const reversed = await admin.get('/api/admin/security-logs?from=2025-05-02T00:00:00Z&to=2025-05-01T00:00:00Z');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toMatch(/start of the range is after its end/);
  });

  it('is for administrators only', async () => {
    expect((await request(testApp.app).get('/api/admin/security-logs')).status).toBe(401);
    expect((await (await signedInAgent(testApp.app, 'staff@example.com')).get('/api/admin/security-logs')).status).toBe(403);
  });
});

describe('GET /api/admin/users', () => {
  it('lists users with their roles and broker, searched by name, e-mail or business', async () => {
    const response = await admin.get('/api/admin/users?search=merredin');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, total: 1, page: 1 });
    expect(response.body.users[0]).toMatchObject({ id: ids.casey, name: 'Casey Customer', isAdmin: false, isBroker: false, permissions: [], broker: null });
    expect((await admin.get('/api/admin/users?search=casey%20customer')).body.total).toBe(1);
    const partner = await admin.get('/api/admin/users?search=partner@');
    expect(partner.body.users[0]).toMatchObject({ referrerCode: 'WHEATBELT' });
  });

  it('finds a name with accents typed in another case, on either database', async () => {
    for (const search of ['ZOË', 'zoë', 'ó briain', 'ZOË Ó BRIAIN']) {
      expect(
        (await admin.get(`/api/admin/users?search=${encodeURIComponent(search)}`).expect(200)).body.users.map((user: { id: string }) => user.id),
        search,
      ).toEqual([ids.zoe]);
    }
    expect((await admin.get(`/api/admin/users?search=${encodeURIComponent('ZOÉ')}`)).body.total).toBe(0);
  });

  it('lists only brokers with role=broker', async () => {
    const response = await admin.get('/api/admin/users?role=broker');
    expect(response.body.users.map((user: { id: string }) => user.id)).toEqual([ids.broker]);
  });

  it('answers 400 for a bad page, 401 for a visitor and 403 for support staff', async () => {
    expect((await admin.get('/api/admin/users?page=0')).status).toBe(400);
    expect((await admin.get('/api/admin/users?pageSize=1000')).status).toBe(400);
    expect((await request(testApp.app).get('/api/admin/users')).status).toBe(401);
    expect((await (await signedInAgent(testApp.app, 'staff@example.com')).get('/api/admin/users')).status).toBe(403);
  });
});

describe('GET /api/admin/members', () => {
  it('lists growers but not referrer partners, for administrators and support staff', async () => {
    const all = await admin.get('/api/admin/members?pageSize=100');
    expect(all.status).toBe(200);
    const memberIds = all.body.members.map((member: { id: string }) => member.id);
    expect(memberIds).toContain(ids.casey);
    expect(memberIds).not.toContain(ids.partner);
    const staff = await signedInAgent(testApp.app, 'staff@example.com');
    const found = await staff.get('/api/admin/members?search=Merredin');
    expect(found.body).toMatchObject({ success: true, total: 1, members: [{ id: ids.casey, name: 'Casey Customer', email: 'casey@example.com', businessName: 'Merredin Grain Co' }] });
  });

  it('pages newest first', async () => {
    const first = await admin.get('/api/admin/members?pageSize=1');
    const second = await admin.get('/api/admin/members?pageSize=1&page=2');
    expect(first.body.members).toHaveLength(1);
    expect(second.body.members[0].id).not.toBe(first.body.members[0].id);
    expect(Date.parse(first.body.members[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(second.body.members[0].createdAt));
  });

  it('answers 400 for a search that is too long, 401 for a visitor and 403 for a member or broker', async () => {
    expect((await admin.get(`/api/admin/members?search=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await request(testApp.app).get('/api/admin/members')).status).toBe(401);
    expect((await (await signedInAgent(testApp.app, 'dana@example.com')).get('/api/admin/members')).status).toBe(403);
    expect((await (await signedInAgent(testApp.app, 'broker@example.com')).get('/api/admin/members')).status).toBe(403);
  });
});

describe('what support staff see of staff accounts', () => {
  it('lists customers only to support staff who are not administrators: no administrator’s or colleague’s e-mail, phone, address or business', async () => {
    const { db } = testApp;
    await db.user.update({ where: { id: ids.admin }, data: { phone: '0400 111 222', address: '1 Head Office Way, Perth', businessName: 'Mutual Head Office' } });
    const colleague = await createTestUser(db, { email: 'colleague@example.com', firstName: 'Cole', lastName: 'League', permissions: ['customer_support'] });
    await db.user.update({ where: { id: colleague.id }, data: { phone: '0400 333 444' } });
    // An administrator by permission only, and a member of staff who is also a grower with a business.
    await createTestUser(db, { email: 'boss@example.com', firstName: 'Bo', lastName: 'Boss', permissions: ['admin'] });
    const support = await signedInAgent(testApp.app, 'staff@example.com');

    const listed = await support.get('/api/admin/members?pageSize=100').expect(200);
    const seen = JSON.stringify(listed.body);
    for (const detail of ['admin@example.com', '0400 111 222', '1 Head Office Way', 'Mutual Head Office', 'colleague@example.com', '0400 333 444', 'League', 'boss@example.com', 'Boss']) {
      expect(seen, detail).not.toContain(detail);
    }
    const listedIds = listed.body.members.map((member: { id: string }) => member.id);
    expect(listedIds).toEqual(expect.arrayContaining([ids.casey, ids.dana, ids.broker, ids.staff]));
    expect(listed.body.total).toBe(listed.body.members.length);
    // A search cannot tell them whose address or number it is: it finds nothing, as for one no one has.
    for (const search of ['admin@example.com', 'Head Office', 'Cole League', 'boss@']) {
      expect((await support.get(`/api/admin/members?search=${encodeURIComponent(search)}`).expect(200)).body, search).toMatchObject({ total: 0, members: [] });
    }

    // Nor does the one detail route open to them: support mode, and the customer data it shows, are for customers only.
    const entered = await support.post('/api/admin/support/enter').send({ adminUserId: ids.staff, customerId: ids.admin, customerName: 'Test User', permissionLevel: 'read' }).expect(403);
    expect(JSON.stringify(entered.body)).not.toContain('admin@example.com');
    expect(JSON.stringify((await support.get(`/api/admin/support/customer-data?customerId=${ids.admin}`)).body)).not.toContain('admin@example.com');

    // Administrators still see everyone, staff included.
    const everyone = await admin.get('/api/admin/members?pageSize=100').expect(200);
    expect(everyone.body.members.map((member: { email: string }) => member.email)).toEqual(expect.arrayContaining(['admin@example.com', 'colleague@example.com', 'boss@example.com', 'staff@example.com']));
    expect((await admin.get('/api/admin/members?search=Head%20Office').expect(200)).body.members).toMatchObject([{ id: ids.admin, phone: '0400 111 222', businessName: 'Mutual Head Office' }]);
  });
});

describe('PUT /api/admin/users/{id}/roles', () => {
  it('grants roles and a broker of record, and logs who changed what', async () => {
    const response = await admin.put(`/api/admin/users/${ids.dana}/roles`).send({ permissions: ['view_reports'], brokerId: ids.broker });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: ids.dana, permissions: ['view_reports'] });
    const listed = await admin.get('/api/admin/users?search=dana@');
    expect(listed.body.users[0].broker).toEqual({ id: ids.broker, name: 'Bree Broker' });
    const event = await testApp.db.securityEvent.findFirstOrThrow({ where: { type: 'role_changed', userId: ids.dana }, orderBy: { createdAt: 'desc' } });
    expect(event.details).toMatchObject({ changedBy: ids.admin, before: { brokerId: null, permissions: [] }, after: { brokerId: ids.broker, permissions: ['view_reports'] } });
  });

  it('refuses a broker of record who is not a broker, and an administrator removing their own admin role', async () => {
    const notBroker = await admin.put(`/api/admin/users/${ids.dana}/roles`).send({ brokerId: ids.casey });
    expect(notBroker.status).toBe(400);
    expect(notBroker.body.error).toBe('not_a_broker');
    const own = await admin.put(`/api/admin/users/${ids.admin}/roles`).send({ isAdmin: false, permissions: [] });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('You cannot take away your own administrator role; ask another administrator.');
  });
});
