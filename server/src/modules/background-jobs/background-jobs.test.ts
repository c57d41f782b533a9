import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobsResponseSchema } from '@shared/contracts/background-jobs';
import { csrfAgent } from '../../testing/accounts';
import { createDashboardWorld } from '../../testing/dashboard-fixtures';
import { FAILED_JOB_NOT_FOUND } from './background-jobs.router';

let world: Awaited<ReturnType<typeof createDashboardWorld>>;
let broken = true;
const list = async (query = '') => backgroundJobsResponseSchema.parse((await world.agents.admin.get(`/api/admin/background-jobs${query}`).expect(200)).body);

beforeAll(async () => {
  world = await createDashboardWorld();
  const { jobs } = world.t.context;
  jobs.register(
    'test.statement',
    async () => {
      if (broken) throw new Error('The statement printer is out of paper');
    },
    { retryLimit: 0, retryDelaySeconds: 1 },
  );
  await jobs.start();
});
afterAll(async () => {
  await world.t.close();
});

describe('/api/admin/background-jobs', () => {
  it('is for administrators only: 401 for a visitor, 403 for a member', async () => {
    await request(world.t.app).get('/api/admin/background-jobs').expect(401);
    const visitor = await csrfAgent(world.t.app);
    await visitor.post('/api/admin/background-jobs/test.statement/some-id/retry').expect(401);
    await world.agents.member.get('/api/admin/background-jobs').expect(403);
    await world.agents.member.post('/api/admin/background-jobs/test.statement/some-id/retry').expect(403);
    await world.agents.broker.get('/api/admin/background-jobs').expect(403);
  });

  it('shows a failed job with its last error and attempts, and runs it again on "Try again"', async () => {
    const id = await world.t.context.jobs.enqueue('test.statement', {});
    await expect.poll(async () => (await list()).total, { timeout: 20_000 }).toBe(1);
    const body = await list('?page=1&pageSize=5');
    expect(body).toMatchObject({ page: 1, pageSize: 5, total: 1, failed: [{ id, queue: 'test.statement', attempts: 1, lastError: 'The statement printer is out of paper' }] });
    expect(body.counts).toContainEqual({ queue: 'test.statement', state: 'failed', count: 1 });

    broken = false;
    await world.agents.admin.post(`/api/admin/background-jobs/test.statement/${id}/retry`).expect(200, { success: true });
    await expect.poll(async () => (await list()).counts.find((count) => count.queue === 'test.statement' && count.state === 'completed')?.count, { timeout: 20_000 }).toBe(1);
    expect((await list()).total).toBe(0);
    // Already retried: nothing failed has that id now.
    const again = await world.agents.admin.post(`/api/admin/background-jobs/test.statement/${id}/retry`).expect(404);
    expect(again.body).toEqual({ error: 'background_job_not_found', message: FAILED_JOB_NOT_FOUND });
  });

  it('answers a page size out of range with a sentence, not a 500', async () => {
    const response = await world.agents.admin.get('/api/admin/background-jobs?pageSize=500').expect(400);
    expect(response.body).toMatchObject({ error: 'validation_error', issues: [{ path: 'pageSize', message: 'pageSize must be a whole number from 1 to 100' }] });
  });
});
