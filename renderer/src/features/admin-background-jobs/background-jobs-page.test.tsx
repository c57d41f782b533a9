// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackgroundJobsResponse } from '@shared/contracts/background-jobs';
import BackgroundJobsPage from './background-jobs-page';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';

const listed: BackgroundJobsResponse = {
  success: true,
  counts: [],
  failed: [{ id: 'job-1', queue: 'reminders.daily', attempts: 3, lastError: 'The relay did not answer.', createdAt: '2026-12-07T00:00:00.000Z', failedAt: '2026-12-07T00:10:00.000Z' }],
  total: 1,
  page: 1,
  pageSize: 20,
};
/** The answer of Try again in this test. */
let retryAnswer: { status: number; body: JsonBodyType };

beforeEach(() => {
  server.use(
    http.get('/api/admin/background-jobs', () => HttpResponse.json(listed)),
    http.post('/api/admin/background-jobs/:queue/:id/retry', () => HttpResponse.json(retryAnswer.body, { status: retryAnswer.status })),
  );
});

afterEach(cleanup);

async function tryAgain() {
  renderWithProviders(<BackgroundJobsPage />, { at: '/admin/background-jobs' });
  await userEvent.click(await screen.findByRole('button', { name: 'Try again: Payment and renewal reminders (8 am daily), job-1' }));
}

describe('Try again on a failed job', () => {
  it('says it was queued again, as a status', async () => {
    retryAnswer = { status: 200, body: { success: true } };
    await tryAgain();
    expect((await screen.findByRole('status')).textContent).toBe('Payment and renewal reminders (8 am daily): queued again. It runs within a minute.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why it was refused, as an alert', async () => {
    retryAnswer = { status: 404, body: { error: 'job_not_found', message: 'That job is not failed any more: another member of staff may have tried it again.' } };
    await tryAgain();
    expect((await screen.findByRole('alert')).textContent).toBe('That job is not failed any more: another member of staff may have tried it again.');
  });
});
