import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from '../../testing/accounts';
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
});
