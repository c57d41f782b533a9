/**
 * The administrators' view of background jobs (/admin/background-jobs): how many jobs each queue
 * has in each state, the failed ones a page at a time with their last error, and 'Try again'.
 */
import { Router } from 'express';
import { backgroundJobParamsSchema, type BackgroundJobsResponse, backgroundJobsQuerySchema } from '@shared/contracts/background-jobs';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';

export const FAILED_JOB_NOT_FOUND = 'There is no failed job with that id: it may have been tried again already.';

export function backgroundJobsRouter({ jobs, logger }: AppContext): Router {
  const router = Router();

  const listQuery = validate({ query: backgroundJobsQuerySchema });
  router.get('/admin/background-jobs', requireAdmin, listQuery, async (req, res) => {
    const { page, pageSize } = listQuery.input(req).query;
    const [counts, failed] = await Promise.all([jobs.counts(), jobs.failedJobs({ page, pageSize })]);
    const body: BackgroundJobsResponse = { success: true, counts, failed: failed.jobs, total: failed.total, page, pageSize };
    res.set('Cache-Control', 'no-store').json(body);
  });

  const jobParams = validate({ params: backgroundJobParamsSchema });
  router.post('/admin/background-jobs/:queue/:id/retry', requireAdmin, jobParams, async (req, res) => {
    const { queue, id } = jobParams.input(req).params;
    if (!(await jobs.retry(queue, id))) throw notFound(FAILED_JOB_NOT_FOUND, 'background_job_not_found');
    logger.info({ queue, jobId: id, by: signedInUser(req).id }, 'failed background job queued again by staff');
    res.json({ success: true });
  });

  return router;
}
