import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardWorld } from '../../testing/dashboard-fixtures';
import { farmTooLargeMessage, farmTooManyCornersMessage } from '@shared/domain/quote/draft-limits';
import { PADDOCK_OUTLINE_MESSAGE } from '@shared/contracts/pricing';

/** A paddock near Merredin whose boundary has `corners` corners on a circle, its first repeated last, 8 decimals as a GPS trace gives them. */
function tracedPaddock(name: string, centreLng: number, corners: number) {
  const ring = Array.from({ length: corners }, (_, at) => {
    const angle = (2 * Math.PI * at) / corners;
    return [centreLng + 0.004 * Math.cos(angle) + 1e-8, -31.48 + 0.004 * Math.sin(angle)];
  });
  return { name, crop: 'wheat', areaHa: 150, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } };
}

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

  it('refuses a boundary that is not an outline pricing reads, and keeps one as the quote keeps outlines', async () => {
    const paddock = { name: 'Creek Flat', crop: 'wheat', areaHa: 120 };
    const words = await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ ...paddock, geometry: { type: 'Polygon', coordinates: [[['north', 'gate']]] } }] });
    expect([words.status, words.body.message]).toEqual([400, `paddocks.0.geometry: ${PADDOCK_OUTLINE_MESSAGE}`]);
    const offTheEarth = {
      type: 'Polygon',
      coordinates: [
        [
          [118.2, -31.5],
          [118.3, -95],
          [118.3, -31.4],
          [118.2, -31.5],
        ],
      ],
    };
    const tooFarSouth = await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ ...paddock, geometry: offTheEarth }] });
    expect([tooFarSouth.status, tooFarSouth.body.message]).toEqual([400, `paddocks.0.geometry: ${PADDOCK_OUTLINE_MESSAGE}`]);
    const open = {
      type: 'Polygon',
      coordinates: [
        [
          [118.2, -31.5],
          [118.3, -31.5],
          [118.3, -31.4],
          [118.2, -31.4],
        ],
      ],
    };
    expect((await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ ...paddock, geometry: open }] })).status).toBe(400);
    const point = await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ ...paddock, geometry: { type: 'Point', coordinates: [118.2, -31.5] } }] });
    expect([point.status, point.body.message]).toEqual([400, `paddocks.0.geometry: ${PADDOCK_OUTLINE_MESSAGE}`]);
    expect((await agents.member.get('/api/farm/paddocks')).body.paddocks.map((p: { name: string }) => p.name)).not.toContain('Creek Flat');

    // Heights (as a KML file's outline carries) and eight decimals: kept in two, to six.
    const kml = {
      type: 'Polygon',
      coordinates: [
        [
          [118.12345678, -31.5, 310],
          [118.13, -31.5, 312],
          [118.13, -31.49, 305],
          [118.12345678, -31.5, 310],
        ],
      ],
    };
    const saved = await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ ...paddock, geometry: kml }] });
    expect(saved.status).toBe(200);
    expect(saved.body.paddocks[0].geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [118.123457, -31.5],
          [118.13, -31.5],
          [118.13, -31.49],
          [118.123457, -31.5],
        ],
      ],
    });
  });

  it('keeps a farm whose boundaries are more than a megabyte, as a quote keeps them, and refuses more corners than a quote keeps', async () => {
    // 50 traced paddocks of 1,100 corners: about 1.3 MB, more than an ordinary request may carry.
    const traced = Array.from({ length: 50 }, (_, at) => tracedPaddock(`Traced ${at + 1}`, 118 + at * 0.01, 1100));
    const body = JSON.stringify({ paddocks: traced });
    expect(body.length).toBeGreaterThan(1_000_000);
    const saved = await agents.member.put('/api/farm/paddocks').set('Content-Type', 'application/json').send(body);
    expect(saved.status).toBe(200);
    expect(saved.body.paddocks).toHaveLength(50);

    const tooMany = await agents.member.put('/api/farm/paddocks').send({ paddocks: [...traced, tracedPaddock('One more', 117.5, 5000)] });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, farmTooManyCornersMessage(50 * 1101 + 5001)]);
    const huge = JSON.stringify({ paddocks: traced, padding: 'x'.repeat(6_000_000) });
    const tooLarge = await agents.member.put('/api/farm/paddocks').set('Content-Type', 'application/json').send(huge);
    expect([tooLarge.status, tooLarge.body.message]).toEqual([413, farmTooLargeMessage(Buffer.byteLength(huge))]);
    expect((await agents.member.get('/api/farm/paddocks')).body.paddocks).toHaveLength(50);
  });
});
