/** Background jobs (/admin/background-jobs): the queues' counts, the failed jobs and Try again. */
import { backgroundJobParamsSchema, backgroundJobsQuerySchema, backgroundJobsResponseSchema, retryBackgroundJobResponseSchema } from '../contracts/background-jobs';
import { endpoint } from './endpoint';

export const backgroundJobEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/background-jobs',
    access: 'administrator',
    query: backgroundJobsQuerySchema,
    response: backgroundJobsResponseSchema,
    summary: 'Jobs per queue and state, and failed jobs newest first with their last error; `page`, `pageSize` (at most 100).',
  }),
  retry: endpoint({
    method: 'POST',
    path: '/api/admin/background-jobs/:queue/:id/retry',
    access: 'administrator',
    params: backgroundJobParamsSchema,
    response: retryBackgroundJobResponseSchema,
    summary: 'A failed job queued again, logged with who asked; 404 when no failed job has that id.',
  }),
};
