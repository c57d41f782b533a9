/**
 * The administrators' view of background jobs (/admin/background-jobs): how many jobs each queue
 * has in each state, the failed ones a page at a time with their last error, and 'Try again'.
 */
import { backgroundJobEndpoints as endpoints } from '@shared/endpoints/background-jobs';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';

export const FAILED_JOB_NOT_FOUND = 'There is no failed job with that id: it may have been tried again already.';

export function backgroundJobsRouter(context: AppContext) {
  const { jobs, logger } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.list)({
    handle: async (_req, res, { query: { page, pageSize } }) => {
      const [counts, failed] = await Promise.all([jobs.counts(), jobs.failedJobs({ page, pageSize })]);
      res.set('Cache-Control', 'no-store');
      return { success: true, counts, failed: failed.jobs, total: failed.total, page, pageSize };
    },
  });

  serve(endpoints.retry)({
    handle: async (req, _res, { params: { queue, id } }) => {
      if (!(await jobs.retry(queue, id))) throw notFound(FAILED_JOB_NOT_FOUND, 'background_job_not_found');
      logger.info({ queue, jobId: id, by: signedInUser(req).id }, 'failed background job queued again by staff');
      return { success: true };
    },
  });

  return router;
}
