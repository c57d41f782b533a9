import { afterAll, beforeAll, expect, it } from 'vitest';
import { BACKGROUND_JOB_LABELS } from '@shared/contracts/background-jobs';
import { createTestApp, type TestApp } from '../testing/test-app';
import { APP_JOBS, registerAppJobs } from './app-jobs';
import { SqliteJobQueue } from './sqlite-job-queue';

// The scheduled clean-ups that replaced the session store's timer and the telemetry timer, run by
// the SQLite runner with a clock the test moves (on PostgreSQL pg-boss runs them: job-queue.test.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it.skipIf(process.env.TEST_DATABASE === 'postgresql')('prunes expired sessions every 10 minutes and applies telemetry retention every 6 hours', async () => {
  let now = new Date('2026-11-23T04:00:00.000Z');
  await t.db.session.createMany({
    data: [
      { id: 'expired', sid: 'expired', data: '{}', expiresAt: new Date('2026-11-23T03:59:00.000Z') },
      { id: 'later', sid: 'later', data: '{}', expiresAt: new Date('2026-11-23T04:05:00.000Z') },
    ],
  });
  await t.db.analyticsEvent.create({ data: { event: 'page_view', properties: {}, occurredAt: new Date('2024-01-10T02:00:00.000Z') } });
  const queue = new SqliteJobQueue({ db: t.db, logger: t.context.logger, clock: () => now });
  await registerAppJobs(queue, t.context);

  // Both run as soon as the queue starts, as the timers they replace did.
  await queue.runDueJobs();
  expect((await t.db.session.findMany()).map((row) => row.id)).toEqual(['later']);
  expect(await t.db.analyticsDailyCount.findUnique({ where: { day_event: { day: '2024-01-10', event: 'page_view' } } })).toMatchObject({ count: 1 });

  now = new Date('2026-11-23T04:10:00.000Z');
  await queue.runDueJobs();
  expect(await t.db.session.count()).toBe(0);
  // The mail jobs run on the test app's own queue too, at the real time: not counted here.
  const runs = await t.db.backgroundJob.groupBy({ by: ['queue'], where: { queue: { notIn: [APP_JOBS.emailSend.queue, APP_JOBS.emailSweep.queue] } }, _count: { _all: true }, orderBy: { queue: 'asc' } });
  expect(runs.map((run) => [run.queue, run._count._all])).toEqual(
    [
      [APP_JOBS.reminders.queue, 1],
      [APP_JOBS.sessionPruning.queue, 2],
      [APP_JOBS.telemetryPruning.queue, 1],
      [APP_JOBS.visitorPruning.queue, 1],
    ].sort(),
  );
});

it('names every queue the product runs in staff’s words on the background jobs page, never by its queue name', () => {
  const unnamed = Object.values(APP_JOBS)
    .map((job) => job.queue)
    .filter((queue) => BACKGROUND_JOB_LABELS[queue] === undefined);
  expect(unnamed).toEqual([]);
});
