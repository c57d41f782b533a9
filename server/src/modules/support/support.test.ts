import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, csrfAgent, signedInAgent } from '../../testing/accounts';

let testApp: TestApp;
let adminId: string;
let staffId: string;
let customerId: string;
beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  adminId = (await createTestUser(testApp.db, { email: 'admin@example.com', isAdmin: true })).id;
  staffId = (await createTestUser(testApp.db, { email: 'staff@example.com', permissions: ['customer_support'] })).id;
  customerId = (await createTestUser(testApp.db, { email: 'customer@example.com', firstName: 'Casey', lastName: 'Customer' })).id;
  await createTestUser(testApp.db, { email: 'member@example.com' });
});
afterAll(() => testApp.close());

describe('support mode', () => {
  it('refuses visitors and members with "Admin user not authenticated"', async () => {
    const visitor = await csrfAgent(testApp.app);
    const anonymous = await visitor.post('/api/admin/support/enter').send({ adminUserId: adminId, customerId, customerName: 'Casey', permissionLevel: 'read' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Admin user not authenticated');
    const member = await signedInAgent(testApp.app, 'member@example.com');
    const memberId = (await member.get('/api/user')).body.user.id;
    const refused = await member.post('/api/admin/support/enter').send({ adminUserId: memberId, customerId, customerName: 'Casey' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Admin user not authenticated');
  });

  it('refuses staff acting under someone else’s adminUserId', async () => {
    const staff = await signedInAgent(testApp.app, 'staff@example.com');
    const response = await staff.post('/api/admin/support/enter').send({ adminUserId: adminId, customerId, customerName: 'Casey' });
    expect(response.status).toBe(403);
  });

  it('defaults to read, which can look at the customer’s records but change none, leaves the staff member’s own work free, and needs edit_quotes for write', async () => {
    const staff = await signedInAgent(testApp.app, 'staff@example.com');
    const entered = await staff.post('/api/admin/support/enter').send({ adminUserId: staffId, customerId, customerName: 'whatever the client said' });
    expect(entered.body).toEqual({ success: true, customerName: 'Casey Customer' });
    const data = await staff.get(`/api/admin/support/customer-data?customerId=${customerId}`);
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({ success: true, customer: { id: customerId, email: 'customer@example.com' }, permissionLevel: 'read', drafts: [] });
    expect((await staff.get(`/api/farm/paddocks?memberId=${customerId}`)).status).toBe(200);
    for (const change of [staff.put(`/api/farm/paddocks?memberId=${customerId}`).send({ paddocks: [{ name: 'North', areaHa: 100 }] }), staff.post(`/api/claims?memberId=${customerId}`).send({})]) {
      const refused = await change;
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'support_read_only', message: 'Support mode is read-only. Re-enter support mode with write access to make changes.' });
    }
    expect(await testApp.db.farmPaddock.count({ where: { userId: customerId } })).toBe(0);
    // Their own account is theirs to change during the session.
    expect((await staff.put('/api/user').send({ firstName: 'Sasha' })).status).toBe(200);
    const write = await staff.post('/api/admin/support/enter').send({ adminUserId: staffId, customerId, permissionLevel: 'write' });
    expect(write.status).toBe(403);
    await staff.post('/api/admin/support/exit').send({ adminUserId: staffId, customerId, sessionDuration: 1000 }).expect(200);
  });

  it('lets support staff act for customers only, never as an administrator or another support member', async () => {
    const otherStaffId = (await createTestUser(testApp.db, { email: 'other-staff@example.com', permissions: ['customer_support'] })).id;
    const staff = await signedInAgent(testApp.app, 'staff@example.com');
    for (const target of [adminId, otherStaffId]) {
      const refused = await staff.post('/api/admin/support/enter').send({ adminUserId: staffId, customerId: target, customerName: 'Staff' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Support staff can act for customers only; an administrator can help with a staff account.');
    }
    expect((await staff.get('/api/auth/session')).body.supportMode).toBeUndefined();
    const secondAdminId = (await createTestUser(testApp.db, { email: 'second-admin@example.com', isAdmin: true })).id;
    const admin = await signedInAgent(testApp.app, 'second-admin@example.com');
    const adminForStaff = await admin.post('/api/admin/support/enter').send({ adminUserId: secondAdminId, customerId: otherStaffId, customerName: 'Staff' });
    expect(adminForStaff.status).toBe(200);
    await admin.post('/api/admin/support/exit').send({ adminUserId: secondAdminId, customerId: otherStaffId, sessionDuration: 1 }).expect(200);
  });

  it('keeps customer data closed until support mode is entered for that customer', async () => {
    const admin = await signedInAgent(testApp.app, 'admin@example.com');
    const response = await admin.get(`/api/admin/support/customer-data?customerId=${customerId}`);
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('not_in_support_mode');
    expect((await request(testApp.app).get(`/api/admin/support/customer-data?customerId=${customerId}`)).status).toBe(401);
  });

  it('writes enter, every change to the customer’s records and exit to the audit log, and not the staff member’s own work', async () => {
    const admin = await signedInAgent(testApp.app, 'admin@example.com');
    await admin.post('/api/admin/support/enter').send({ adminUserId: adminId, customerId, customerName: 'Casey', permissionLevel: 'write' }).expect(200);
    await admin
      .put(`/api/farm/paddocks?memberId=${customerId}`)
      .send({ paddocks: [{ name: 'North', areaHa: 100 }] })
      .expect(200);
    await admin.put('/api/user').send({ businessName: 'Admin Co' }).expect(200);
    const exit = await admin.post('/api/admin/support/exit').send({ adminUserId: adminId, customerId, sessionDuration: 4200 });
    expect(exit.body).toEqual({ success: true, sessionDuration: expect.any(Number) });
    const entries = await testApp.db.auditLog.findMany({ where: { actorId: adminId }, orderBy: { createdAt: 'asc' } });
    expect(entries.map((entry) => entry.action)).toEqual(['support.enter', 'support.change', 'support.exit']);
    expect(entries.every((entry) => entry.customerId === customerId)).toBe(true);
    expect(entries[1]!.details).toMatchObject({ method: 'PUT', path: '/api/farm/paddocks', status: 200, succeeded: true, supportSessionId: expect.any(String) });
    expect(entries[2]!.details).toMatchObject({ clientSessionDuration: 4200 });
    const session = await testApp.db.supportSession.findFirstOrThrow({ where: { adminUserId: adminId } });
    expect(session.endedAt).not.toBeNull();
    const security = await testApp.db.securityEvent.findMany({ where: { userId: adminId, type: { startsWith: 'support_mode' } } });
    expect(security.map((event) => event.type).sort()).toEqual(['support_mode_entered', 'support_mode_exited']);
  });

  it('answers exit without an open support session with a 400', async () => {
    const admin = await signedInAgent(testApp.app, 'admin@example.com');
    const response = await admin.post('/api/admin/support/exit').send({ adminUserId: adminId, customerId, sessionDuration: 1 });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('not_in_support_mode');
  });

  it('is carried by GET /api/auth/session, so a reload or a new tab finds it, and ends with the role', async () => {
    const staff = await signedInAgent(testApp.app, 'staff@example.com');
    const before = Date.now();
    await staff.post('/api/admin/support/enter').send({ adminUserId: staffId, customerId, customerName: 'Casey' }).expect(200);
    const session = await staff.get('/api/auth/session');
    expect(session.body.supportMode).toEqual({ isActive: true, customerId, customerName: 'Casey Customer', permissionLevel: 'read', adminUserId: staffId, sessionStartTime: expect.any(Number) });
    expect(session.body.supportMode.sessionStartTime).toBeGreaterThanOrEqual(before - 1000);

    await testApp.db.user.update({ where: { id: staffId }, data: { permissions: [] } });
    expect((await staff.get('/api/auth/session')).body.supportMode).toBeUndefined();
    const ended = await testApp.db.supportSession.findFirstOrThrow({ where: { adminUserId: staffId }, orderBy: { startedAt: 'desc' } });
    expect(ended.endedAt).not.toBeNull();
    await testApp.db.user.update({ where: { id: staffId }, data: { permissions: ['customer_support'] } });
    expect((await staff.get('/api/auth/session')).body.supportMode).toBeUndefined();
  });

  it('leaves the session without supportMode after exit', async () => {
    const staff = await signedInAgent(testApp.app, 'staff@example.com');
    await staff.post('/api/admin/support/enter').send({ adminUserId: staffId, customerId }).expect(200);
    await staff.post('/api/admin/support/exit').send({ adminUserId: staffId, customerId }).expect(200);
    const session = await staff.get('/api/auth/session');
    expect(session.body.user.email).toBe('staff@example.com');
    expect(session.body.supportMode).toBeUndefined();
  });
});

describe('a support session holds only what its holder may do now', () => {
  const paddocks = (name: string) => ({ paddocks: [{ name, areaHa: 100 }] });
  let writerId: string;
  let memberId: string;
  let claimId: string;
  beforeAll(async () => {
    writerId = (await createTestUser(testApp.db, { email: 'writer@example.com', firstName: 'Wren', lastName: 'Writer', permissions: ['customer_support', 'edit_quotes'] })).id;
    memberId = (await createTestUser(testApp.db, { email: 'grower@farm.example', firstName: 'Gale', lastName: 'Grower' })).id;
    claimId = (
      await testApp.db.claim.create({
        data: {
          reference: 'CLM-2026-09001',
          userId: memberId,
          applicationId: 'application-of-gale',
          peril: 'hail',
          eventDate: '2026-11-01',
          affectedPaddocks: [],
          estimatedLossCents: 100_00,
          description: 'Hail on the barley',
          lodgedById: memberId,
        },
      })
    ).id;
  });
  const setPermissions = (permissions: string[]) => testApp.db.user.update({ where: { id: writerId }, data: { permissions } });

  it('the support write refused after the permission is removed', async () => {
    const writer = await signedInAgent(testApp.app, 'writer@example.com');
    const admin = await signedInAgent(testApp.app, 'admin@example.com');
    await writer.post('/api/admin/support/enter').send({ adminUserId: writerId, customerId: memberId, permissionLevel: 'write' }).expect(200);
    await writer.put(`/api/farm/paddocks?memberId=${memberId}`).send(paddocks('Before')).expect(200);

    // An administrator takes edit_quotes away: the write-level session that used it ends at once.
    await admin
      .put(`/api/admin/users/${writerId}/roles`)
      .send({ permissions: ['customer_support'] })
      .expect(200);
    const row = await testApp.db.supportSession.findFirstOrThrow({ where: { adminUserId: writerId }, orderBy: { startedAt: 'desc' } });
    expect(row.endedAt).not.toBeNull();

    const farm = await writer.put(`/api/farm/paddocks?memberId=${memberId}`).send(paddocks('After'));
    expect(farm.status).toBe(403);
    expect(farm.body).toMatchObject({ error: 'support_session_ended' });
    expect(farm.body.message).toBe(
      'Your support session for Gale Grower has ended: you no longer hold the edit_quotes permission that write access needs. Enter support mode again at read level, or ask an administrator for edit_quotes.',
    );
    // Later requests are outside support mode, and a refusal of Gale's records still says why.
    const message = await writer.post(`/api/claims/${claimId}/messages`).send({ body: 'Posted for Gale' });
    expect(message.status).toBe(403);
    expect(message.body).toEqual({ error: 'support_session_ended', message: farm.body.message });
    expect((await writer.get('/api/auth/session')).body.supportMode).toBeUndefined();

    expect((await testApp.db.farmPaddock.findMany({ where: { userId: memberId } })).map((paddock) => paddock.name)).toEqual(['Before']);
    expect(await testApp.db.claimMessage.count({ where: { claimId } })).toBe(0);
    const exits = await testApp.db.auditLog.findMany({ where: { actorId: writerId, action: 'support.exit' } });
    expect(exits).toHaveLength(1);
    expect(exits[0]!.details).toMatchObject({ supportSessionId: row.id, reason: 'edit_quotes_removed', endedBy: adminId });
    const refused = await testApp.db.auditLog.findMany({ where: { actorId: writerId, action: 'support.change_refused' } });
    expect(refused[0]?.details).toMatchObject({ supportSessionId: row.id, method: 'PUT', path: '/api/farm/paddocks', reason: 'support_session_ended' });
    await setPermissions(['customer_support', 'edit_quotes']);
  });

  it('re-checks on every request, so a permission taken away elsewhere ends the session too', async () => {
    const writer = await signedInAgent(testApp.app, 'writer@example.com');
    await writer.post('/api/admin/support/enter').send({ adminUserId: writerId, customerId: memberId, permissionLevel: 'write' }).expect(200);
    await setPermissions(['customer_support']);
    const refused = await writer.put(`/api/farm/paddocks?memberId=${memberId}`).send(paddocks('Elsewhere'));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('support_session_ended');
    const row = await testApp.db.supportSession.findFirstOrThrow({ where: { adminUserId: writerId }, orderBy: { startedAt: 'desc' } });
    expect(row.endedAt).not.toBeNull();
    const exit = await testApp.db.auditLog.findFirstOrThrow({ where: { actorId: writerId, action: 'support.exit' }, orderBy: { createdAt: 'desc' } });
    expect(exit.details).toMatchObject({ supportSessionId: row.id, reason: 'edit_quotes_removed' });
    // Her own work is hers to do still, and the next request is simply outside support mode.
    expect((await writer.put('/api/user').send({ firstName: 'Wren' })).status).toBe(200);
    expect((await writer.get('/api/auth/session')).body.supportMode).toBeUndefined();
    await setPermissions(['customer_support', 'edit_quotes']);
  });

  it('keeps a read-level session when edit_quotes goes, since it never used it', async () => {
    const writer = await signedInAgent(testApp.app, 'writer@example.com');
    const admin = await signedInAgent(testApp.app, 'admin@example.com');
    await writer.post('/api/admin/support/enter').send({ adminUserId: writerId, customerId: memberId, permissionLevel: 'read' }).expect(200);
    await admin
      .put(`/api/admin/users/${writerId}/roles`)
      .send({ permissions: ['customer_support'] })
      .expect(200);
    expect((await writer.get('/api/auth/session')).body.supportMode).toMatchObject({ customerId: memberId, permissionLevel: 'read' });
    expect((await writer.get(`/api/farm/paddocks?memberId=${memberId}`)).status).toBe(200);
    await writer.post('/api/admin/support/exit').send({ adminUserId: writerId, customerId: memberId }).expect(200);
    await setPermissions(['customer_support', 'edit_quotes']);
  });

  it('looks only, while the customer’s account is locked, and says why', async () => {
    const writer = await signedInAgent(testApp.app, 'writer@example.com');
    await writer.post('/api/admin/support/enter').send({ adminUserId: writerId, customerId: memberId, permissionLevel: 'write' }).expect(200);
    await testApp.db.user.update({ where: { id: memberId }, data: { lockedAt: new Date() } });
    const refused = await writer.put(`/api/farm/paddocks?memberId=${memberId}`).send(paddocks('Locked'));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'support_customer_locked',
      message: 'Gale Grower’s account is locked, so support mode can look at it but not change it. Unlock the account on their person page first if the change is needed.',
    });
    expect((await writer.get('/api/auth/session')).body.supportMode).toMatchObject({ customerId: memberId, permissionLevel: 'read' });
    expect((await writer.get(`/api/farm/paddocks?memberId=${memberId}`)).status).toBe(200);
    const again = await writer.post('/api/admin/support/enter').send({ adminUserId: writerId, customerId: memberId, permissionLevel: 'write' });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('Gale Grower’s account is locked, so support mode can look at it but not change it. Unlock the account on their person page first if the change is needed.');
    await testApp.db.user.update({ where: { id: memberId }, data: { lockedAt: null } });
    expect((await writer.get('/api/auth/session')).body.supportMode).toMatchObject({ customerId: memberId, permissionLevel: 'write' });
    await writer.put(`/api/farm/paddocks?memberId=${memberId}`).send(paddocks('Unlocked')).expect(200);
    await writer.post('/api/admin/support/exit').send({ adminUserId: writerId, customerId: memberId }).expect(200);
  });

  it('ends when the customer becomes a member of staff, whom support staff may not act for', async () => {
    const writer = await signedInAgent(testApp.app, 'writer@example.com');
    const admin = await signedInAgent(testApp.app, 'admin@example.com');
    await writer.post('/api/admin/support/enter').send({ adminUserId: writerId, customerId: memberId, permissionLevel: 'read' }).expect(200);
    await admin
      .put(`/api/admin/users/${memberId}/roles`)
      .send({ permissions: ['customer_support'] })
      .expect(200);
    const refused = await writer.get(`/api/farm/paddocks?memberId=${memberId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('support_session_ended');
    const exit = await testApp.db.auditLog.findFirstOrThrow({ where: { actorId: writerId, action: 'support.exit' }, orderBy: { createdAt: 'desc' } });
    expect(exit.details).toMatchObject({ reason: 'customer_is_staff', endedBy: adminId });
    await testApp.db.user.update({ where: { id: memberId }, data: { permissions: [] } });
  });
});
