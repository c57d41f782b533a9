import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectionListSchema } from '@shared/contracts/dashboard';
import { DISCLOSURE_ACKNOWLEDGEMENTS } from '@shared/domain/quote/disclosures';
import { seasonListSchema } from '@shared/contracts/seasons';
import { addDays, perthToday } from '@shared/perth-time';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SEASON_OPENED_AUDIT_ACTION } from './seasons.service';

// Seasons as records (docs/seasons.md) through the real routes: staff open the next season with its
// dates, and from its first day a member's application belongs to it, with its own cover end.

let t: TestApp;
let staff: TestAgent, member: TestAgent;

const today = perthToday();
const thisYear = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
  await createTestUser(t.db, { email: 'staff@example.com', isAdmin: true });
  await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Grower' });
  staff = await signedInAgent(t.app, 'staff@example.com');
  member = await signedInAgent(t.app, 'grower@example.com');
});
afterAll(() => t?.close());

const list = async () => seasonListSchema.parse((await staff.get('/api/admin/seasons').expect(200)).body);

describe('seasons', () => {
  it('begin, on a new install, with the calendar year’s season, and offer the next', async () => {
    const { seasons, proposal } = await list();
    expect(seasons).toEqual([{ year: thisYear, opensOn: `${thisYear}-01-01`, coverEndsOn: `${thisYear + 1}-03-31`, standing: 'open', applications: 0 }]);
    expect(proposal).toEqual({ year: thisYear + 1, opensOn: `${thisYear + 1}-01-01`, coverEndsOn: `${thisYear + 2}-03-31` });
  });

  it('are opened by staff only, with dates that follow the season before, and say beside the field what is wrong', async () => {
    const next = { year: thisYear + 1, opensOn: addDays(today, 3), coverEndsOn: `${thisYear + 2}-04-30` };
    await member.post('/api/admin/seasons').send(next).expect(403);
    const wrong = await staff
      .post('/api/admin/seasons')
      .send({ ...next, opensOn: addDays(today, -1), coverEndsOn: `${thisYear + 1}-06-30` })
      .expect(400);
    expect(wrong.body.issues).toEqual([
      { path: 'opensOn', message: 'A season cannot open on a day already past: choose today or a later day.' },
      { path: 'coverEndsOn', message: `Cover of the ${thisYear + 1} season runs through its harvest: it ends in ${thisYear + 2} or later.` },
    ]);
    expect(
      (
        await staff
          .post('/api/admin/seasons')
          .send({ ...next, opensOn: '2026-02-30' })
          .expect(400)
      ).body.issues,
    ).toEqual([{ path: 'opensOn', message: 'The opening day is not a day that exists' }]);

    const opened = await staff.post('/api/admin/seasons').send(next).expect(201);
    expect(opened.body.season).toEqual({ ...next, standing: 'upcoming', applications: 0 });
    expect(await t.db.auditLog.count({ where: { action: SEASON_OPENED_AUDIT_ACTION } })).toBe(1);
    expect((await staff.post('/api/admin/seasons').send(next).expect(400)).body.issues[0]).toEqual({ path: 'year', message: `The ${thisYear + 1} season is already open or set to open.` });

    // Its dates move while it has not opened; the open season's do not.
    const moved = await staff
      .put(`/api/admin/seasons/${thisYear + 1}`)
      .send({ opensOn: addDays(today, 5), coverEndsOn: `${thisYear + 2}-03-31` })
      .expect(200);
    expect(moved.body.season).toMatchObject({ opensOn: addDays(today, 5), standing: 'upcoming' });
    const kept = await staff
      .put(`/api/admin/seasons/${thisYear}`)
      .send({ opensOn: `${thisYear}-01-01`, coverEndsOn: `${thisYear + 1}-04-30` })
      .expect(400);
    expect(kept.body.issues[0].message).toMatch(new RegExp(`^The ${thisYear} season opened on 1 January ${thisYear}: its dates can no longer change`));
    await staff.put('/api/admin/seasons/2090').send({ opensOn: '2090-01-01', coverEndsOn: '2091-03-31' }).expect(404);
  });

  it('own the applications made while they are open, with their own end of cover, whatever the calendar says', async () => {
    // Staff bring the next season forward to today: what the member submits from now on is for it.
    const next = thisYear + 1;
    await staff
      .put(`/api/admin/seasons/${next}`)
      .send({ opensOn: today, coverEndsOn: `${next + 1}-04-30` })
      .expect(200);
    const acknowledged = { accepted: true, acknowledgedAt: new Date().toISOString() };
    const submitted = await member
      .post('/api/protection')
      .set('Idempotency-Key', randomUUID())
      .send({
        personalDetails: { firstName: 'Jo', lastName: 'Grower', email: 'grower@example.com', disclosureAcknowledgments: Object.fromEntries(DISCLOSURE_ACKNOWLEDGEMENTS.map(({ key }) => [key, acknowledged])) },
        farmData: { address: 'Cunderdin WA', farmLocation: { lat: -31.65, lng: 117.24 }, zone: 'CWB', paddockSections: [{ id: 'p1', name: 'Home', area: 400, crop: 'wheat' }] },
        cropDetails: { byCrop: { wheat: { expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 } } },
        estimates: { selectedCoverageType: 'hail' },
        coverage: { selectedOption: 'submit' },
      })
      .expect(201);
    expect(submitted.body.application).toMatchObject({ seasonYear: next, reference: `APP-${next}-00001` });
    const [protection] = protectionListSchema.parse((await member.get('/api/dashboard/protections').expect(200)).body).protections;
    expect(protection).toMatchObject({ season: String(next), endsOn: `${next + 1}-04-30` });

    const { seasons } = await list();
    expect(seasons.map((season) => [season.year, season.standing, season.applications])).toEqual([
      [next, 'open', 1],
      [thisYear, 'closed', 0],
    ]);
    expect((await t.db.season.findUniqueOrThrow({ where: { year: next } })).openedById).not.toBeNull();
    expect((await t.db.season.findUniqueOrThrow({ where: { year: thisYear } })).openedById).toBeNull();
  });
});
