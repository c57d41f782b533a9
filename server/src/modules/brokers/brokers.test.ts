import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientListSchema } from '@shared/contracts/dashboard';
import { ingestResultSchema } from '@shared/contracts/alerts';
import { registerAppJobs } from '../../jobs/app-jobs';
import { createTestUser } from '../../testing/accounts';
import { hailWarningOver } from '../../testing/alert-messages';
import { createDashboardWorld } from '../../testing/dashboard-fixtures';

type World = Awaited<ReturnType<typeof createDashboardWorld>>;
let world: World;
let users: World['users'], agents: World['agents'], lodge: World['lodge'], claimFields: World['claimFields'];

beforeAll(async () => {
  world = await createDashboardWorld();
  ({ users, agents, lodge, claimFields } = world);
  // A warning posted queues its e-mails: the queues are the app's (PostgreSQL's pg-boss has none until they are made).
  await registerAppJobs(world.t.context.jobs, world.t.context);
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

  it('says which clients a warning stands over now, with the paddocks under it; one that has run out is not said', async () => {
    // Jo's farm lies at 118.2 E, 31.5 S (their paddocks have no outline: they are placed by it).
    await world.t.db.protectionApplication.update({ where: { id: world.accepted.id }, data: { farmLatitude: -31.5, farmLongitude: 118.2 } });
    const overJo = [
      [118.1, -31.6],
      [118.3, -31.6],
      [118.3, -31.4],
      [118.1, -31.4],
      [118.1, -31.6],
    ];
    const post = async (identifier: string, title: string, sent: Date) =>
      ingestResultSchema.parse(
        (
          await agents.admin
            .post('/api/admin/events')
            .set('Content-Type', 'application/xml')
            .send(hailWarningOver(identifier, title, overJo, sent))
            .expect(201)
        ).body,
      ).events[0]!;
    // In force for three hours from when it was sent: the earlier one ran out an hour ago.
    await post('IDW21037-broker-past', 'Severe thunderstorm warning for Kellerberrin', new Date(Date.now() - 4 * 3_600_000));
    const standing = await post('IDW21037-broker-now', 'Severe thunderstorm warning for Tammin', new Date());
    expect(standing.matchedMembers).toBe(1);

    const { clients } = clientListSchema.parse((await agents.broker.get('/api/broker/clients').expect(200)).body);
    const [jo] = clients;
    expect(jo!.currentAlerts).toEqual([{ id: expect.any(String), kind: 'hail', title: 'Severe thunderstorm warning for Tammin', paddocks: ['North Paddock', 'Creek Flat'] }]);
    // The id is Jo's own alert, as Jo's alerts page has it.
    const josAlerts = (await agents.broker.get(`/api/user/alerts?memberId=${users.member.id}`).expect(200)).body.alerts as Array<{ id: string; title: string }>;
    expect(josAlerts.find((alert) => alert.title === 'Severe thunderstorm warning for Tammin')?.id).toBe(jo!.currentAlerts[0]!.id);
    // The other broker's client lies elsewhere.
    expect(clientListSchema.parse((await agents.otherBroker.get('/api/broker/clients').expect(200)).body).clients.every((client) => client.currentAlerts.length === 0)).toBe(true);
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
