import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardWorld } from '../../testing/dashboard-fixtures';

type World = Awaited<ReturnType<typeof createDashboardWorld>>;
let world: World;
let users: World['users'], agents: World['agents'];

beforeAll(async () => {
  world = await createDashboardWorld();
  ({ users, agents } = world);
});
afterAll(() => world.t.close());

describe('your farm', () => {
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

  it('keeps a paddock as large as a quote takes, and refuses a larger one in the wizard’s words', async () => {
    const station = await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ name: 'Station Block', crop: 'wheat', areaHa: 30_000 }] });
    expect(station.status).toBe(200);
    expect(station.body.paddocks.map((p: { areaHa: number }) => p.areaHa)).toEqual([30_000]);

    const tooLarge = await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ name: 'Shire', crop: 'wheat', areaHa: 100_001 }] });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe('paddocks.0.areaHa: A paddock can be at most 100,000 ha');
    expect((await agents.member.get('/api/farm/paddocks')).body.paddocks.map((p: { name: string }) => p.name)).toEqual(['Station Block']);
  });
});
