import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../testing/accounts';
import { createDashboardWorld } from '../../testing/dashboard-fixtures';

type World = Awaited<ReturnType<typeof createDashboardWorld>>;
let world: World;
let users: World['users'], agents: World['agents'], lodge: World['lodge'], claimFields: World['claimFields'];

beforeAll(async () => {
  world = await createDashboardWorld();
  ({ users, agents, lodge, claimFields } = world);
  expect((await lodge(agents.member, claimFields())).status).toBe(201);
});
afterAll(() => world.t.close());

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

  it('lists the clients by surname as the broker reads a list, whatever its case or accents', async () => {
    const surnames = ['van Gelderen', 'Ó Briain', 'de Grussa', 'Dunn'];
    const clients = await Promise.all(surnames.map((lastName, index) => createTestUser(world.t.db, { email: `client${index}@koorda.net.au`, firstName: 'Kim', lastName, brokerId: users.otherBroker.id })));
    const listed = (await agents.otherBroker.get('/api/broker/clients').expect(200)).body.clients.map((client: { name: string }) => client.name);
    expect(listed).toEqual(['Kim de Grussa', 'Kim Dunn', 'Kim Ó Briain', 'Test User', 'Kim van Gelderen']);
    await world.t.db.user.deleteMany({ where: { id: { in: clients.map((client) => client.id) } } });
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
