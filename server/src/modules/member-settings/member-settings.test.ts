import type { SessionData } from 'express-session';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_TIMEOUT_MS } from '../../lib/sessions';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../../middleware/auth';
import { createTestUser, refreshCsrf, signedInAgent, TEST_PASSWORD } from '../../testing/accounts';
import { createDashboardWorld } from '../../testing/dashboard-fixtures';

type World = Awaited<ReturnType<typeof createDashboardWorld>>;
let world: World;
let t: World['t'], users: World['users'], agents: World['agents'];

beforeAll(async () => {
  world = await createDashboardWorld();
  ({ t, users, agents } = world);
});
afterAll(() => world.t.close());

describe('settings', () => {
  it('keeps e-mail preferences', async () => {
    expect((await agents.member.get('/api/user/preferences')).body.preferences).toEqual({ claimUpdates: true, paymentReminders: true, renewalReminders: true, alertEmails: true });
    const saved = await agents.member.put('/api/user/preferences').send({ paymentReminders: false });
    expect(saved.body.preferences).toEqual({ claimUpdates: true, paymentReminders: false, renewalReminders: true, alertEmails: true });
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

  it('lists no session that a password change ended, nor one past its absolute lifetime, so the list says what the answer said', async () => {
    await createTestUser(t.db, { email: 'two-devices@example.com' });
    const laptop = await signedInAgent(t.app, 'two-devices@example.com');
    const phone = await signedInAgent(t.app, 'two-devices@example.com');
    expect((await laptop.get('/api/user/sessions').expect(200)).body.sessions).toHaveLength(2);
    const changed = await laptop.put('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword: 'a different long passphrase' });
    expect(changed.body.message).toBe('Your password has been changed. Other devices have been signed out.');
    const listed = (await laptop.get('/api/user/sessions').expect(200)).body.sessions as Array<{ current: boolean }>;
    expect(listed.map((session) => session.current)).toEqual([true]);
    // Nothing to end elsewhere either (the change began a new session, with a new CSRF token).
    await refreshCsrf(laptop);
    expect((await laptop.delete('/api/user/sessions').expect(200)).body).toEqual({ ended: 0 });
    expect((await phone.get('/api/dashboard/overview')).status).toBe(401);

    // A session still kept by the store (active every day, so not idle) but signed in over a week ago has ended too.
    const { id: userId } = await t.db.user.findUniqueOrThrow({ where: { email: 'two-devices@example.com' } });
    const weekOld = {
      cookie: { originalMaxAge: SESSION_IDLE_TIMEOUT_MS, expires: new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS), httpOnly: true, path: '/' },
      userId,
      provider: 'credentials',
      signedInAt: Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 60_000,
    };
    await new Promise<void>((resolve, reject) => t.context.sessions.store.set('signed-in-last-week', weekOld as unknown as SessionData, (error) => (error ? reject(error) : resolve())));
    expect(((await laptop.get('/api/user/sessions').expect(200)).body.sessions as Array<{ current: boolean }>).map((session) => session.current)).toEqual([true]);
  });

  it('reads only the caller’s own sessions from the store, however many other people are signed in', async () => {
    const { store } = t.context.sessions;
    await signedInAgent(t.app, users.member.email);
    const ids = (body: { sessions: Array<{ id: string; current: boolean }> }) => body.sessions.map((s) => `${s.id}:${s.current}`).sort();
    const before = ids((await agents.member.get('/api/user/sessions').expect(200)).body);
    expect(before.length).toBeGreaterThanOrEqual(2);
    // 200 sessions of other people, kept by the store as a sign-in keeps them.
    const others = [users.other, users.broker, users.admin, users.otherBroker];
    for (let i = 0; i < 200; i += 1) {
      const data = {
        cookie: { originalMaxAge: SESSION_IDLE_TIMEOUT_MS, expires: new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS), httpOnly: true, path: '/' },
        userId: others[i % others.length]!.id,
        provider: 'credentials',
        signedInAt: Date.now(),
      };
      await new Promise<void>((resolve, reject) => store.set(`elsewhere-${i}`, data as unknown as SessionData, (error) => (error ? reject(error) : resolve())));
    }
    // Every session row the listing reads from the database, counted.
    let rowsRead = 0;
    const findMany = t.db.session.findMany.bind(t.db.session);
    const spy = vi.spyOn(t.db.session, 'findMany').mockImplementation(((args: never) =>
      findMany(args).then((rows: unknown[]) => {
        rowsRead += rows.length;
        return rows;
      })) as never);
    const all = store.all ? vi.spyOn(store, 'all') : undefined;
    try {
      expect(ids((await agents.member.get('/api/user/sessions').expect(200)).body)).toEqual(before);
      const ended = await agents.member.delete('/api/user/sessions').expect(200);
      expect(ended.body.ended).toBe(before.length - 1);
      expect(rowsRead).toBeLessThanOrEqual(2 * before.length);
      expect(all?.mock.calls ?? []).toHaveLength(0);
    } finally {
      spy.mockRestore();
      all?.mockRestore();
    }
    // The others' sessions are all still there, and the member's own session still works.
    expect(await t.db.session.count({ where: { sid: { startsWith: 'elsewhere-' } } })).toBe(200);
    expect(ids((await agents.member.get('/api/user/sessions').expect(200)).body)).toHaveLength(1);
  });
});
