import { afterAll, beforeAll, expect, it } from 'vitest';
import { renewalListSchema } from '@shared/contracts/renewals';
import { perthToday } from '@shared/perth-time';
import { createTestUser, signedInAgent, type TestAgent, waitForEmailTo } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Staff's renewal pipeline (docs/seasons.md 'The renewal pipeline') through the real routes: once the
// next season opens, each member with cover before it is due, started, submitted or lapsed, and staff
// remind those who have not applied.

let t: TestApp;
let staff: TestAgent, memberAgent: TestAgent;
const today = perthToday();
const thisYear = Number(today.slice(0, 4));
const ids: Record<'due' | 'started' | 'submitted' | 'lapsed' | 'neverCovered', string> = { due: '', started: '', submitted: '', lapsed: '', neverCovered: '' };

beforeAll(async () => {
  t = await createTestApp();
  await createTestUser(t.db, { email: 'staff@example.com', isAdmin: true });
  for (const [key, lastName] of [
    ['due', 'Adams'],
    ['started', 'Brown'],
    ['submitted', 'Clark'],
    ['lapsed', 'Dunn'],
    ['neverCovered', 'Evans'],
  ] as const)
    ids[key] = (await createTestUser(t.db, { email: `${key.toLowerCase()}@example.com`, firstName: 'Pat', lastName })).id;
  // Protected this season: due once the next opens; one starts a quote, one applies.
  for (const key of ['due', 'started', 'submitted'] as const) await createApplication(t.db, ids[key], { status: 'active', seasonYear: thisYear });
  // Protected last season only: that cover ended on 31 March.
  await createApplication(t.db, ids.lapsed, { status: 'active', seasonYear: thisYear - 1 });
  // Applied this season, never covered: nothing to renew.
  await createApplication(t.db, ids.neverCovered, { status: 'submitted', seasonYear: thisYear });
  staff = await signedInAgent(t.app, 'staff@example.com');
  memberAgent = await signedInAgent(t.app, 'due@example.com');
  await staff
    .post('/api/admin/seasons')
    .send({ year: thisYear + 1, opensOn: today, coverEndsOn: `${thisYear + 2}-03-31` })
    .expect(201);
  await t.db.draft.create({ data: { id: 'renewal-in-progress', userId: ids.started, step: 'protection-calculator', dataHash: 'x', quoteData: {}, validationData: {}, uiState: {} } });
  await createApplication(t.db, ids.submitted, { status: 'submitted', seasonYear: thisYear + 1 });
});
afterAll(() => t?.close());

const pipeline = async (query = '') => renewalListSchema.parse((await staff.get(`/api/admin/renewals${query}`).expect(200)).body);

it('counts every member with earlier cover by where they stand for the open season, and lists them by surname', async () => {
  const all = await pipeline();
  expect(all.season).toEqual({ year: thisYear + 1, opensOn: today });
  expect(all.counts).toEqual({ due: 1, started: 1, submitted: 1, lapsed: 1 });
  expect(all.rows.map((row) => [row.name, row.stage, row.from.season])).toEqual([
    ['Pat Adams', 'due', String(thisYear)],
    ['Pat Brown', 'started', String(thisYear)],
    ['Pat Clark', 'submitted', String(thisYear)],
    ['Pat Dunn', 'lapsed', String(thisYear - 1)],
  ]);
  expect((await pipeline('?q=brown')).rows.map((row) => row.memberId)).toEqual([ids.started]);
  expect((await pipeline('?stage=lapsed')).rows).toEqual([expect.objectContaining({ memberId: ids.lapsed, from: expect.objectContaining({ coverEndsOn: `${thisYear}-03-31` }) })]);
  await memberAgent.get('/api/admin/renewals').expect(403);
  expect((await staff.get('/api/admin/renewals?stage=soon').expect(400)).body.issues[0]).toEqual({ path: 'stage', message: 'Choose due, started, submitted or lapsed' });
});

it('reminds a member who has not applied, by e-mail with the way back, and says so in the list; not one who applied or has nothing to renew', async () => {
  await memberAgent.post(`/api/admin/renewals/${ids.due}/reminder`).expect(403);
  expect((await staff.post(`/api/admin/renewals/${ids.due}/reminder`).expect(200)).body).toEqual({ remindedOn: today });
  const mail = await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'due@example.com', `The ${thisYear + 1} season is open: renew your crop protection`);
  expect(mail).toContain('/dashboard#renewal');
  expect((await pipeline('?stage=due')).rows[0]).toMatchObject({ memberId: ids.due, remindedOn: today });
  expect((await staff.post(`/api/admin/renewals/${ids.submitted}/reminder`).expect(409)).body.message).toBe(`Pat Clark has already applied for the ${thisYear + 1} season.`);
  await staff.post(`/api/admin/renewals/${ids.neverCovered}/reminder`).expect(404);
});
