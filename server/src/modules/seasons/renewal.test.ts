import { afterAll, beforeAll, expect, it } from 'vitest';
import { overviewSchema } from '@shared/contracts/dashboard';
import { perthToday } from '@shared/perth-time';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The renewal due on the dashboard (docs/seasons.md 'Renewing'): none while the season the member was
// protected in is open; once staff open the next, the overview names the protection to renew from;
// none again once the member has applied in the new season.

let t: TestApp;
let staff: TestAgent, member: TestAgent;
let memberId: string;
const today = perthToday();
const thisYear = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
  await createTestUser(t.db, { email: 'staff@example.com', isAdmin: true });
  memberId = (await createTestUser(t.db, { email: 'grower@example.com' })).id;
  staff = await signedInAgent(t.app, 'staff@example.com');
  member = await signedInAgent(t.app, 'grower@example.com');
});
afterAll(() => t?.close());

const overview = async () => overviewSchema.parse((await member.get('/api/dashboard/overview').expect(200)).body);

it('is due from the latest protection once staff open the next season, and not once the member has applied in it', async () => {
  const protectedOne = await createApplication(t.db, memberId, { status: 'active', seasonYear: thisYear });
  await createApplication(t.db, memberId, { status: 'submitted', seasonYear: thisYear - 1 });
  expect(await overview()).toMatchObject({ season: { year: thisYear }, renewal: null });

  await staff
    .post('/api/admin/seasons')
    .send({ year: thisYear + 1, opensOn: today, coverEndsOn: `${thisYear + 2}-03-31` })
    .expect(201);
  expect(await overview()).toMatchObject({ season: { year: thisYear + 1, opensOn: today }, renewal: { fromApplicationId: protectedOne.id } });

  await createApplication(t.db, memberId, { status: 'submitted', seasonYear: thisYear + 1 });
  expect((await overview()).renewal).toBeNull();
});
