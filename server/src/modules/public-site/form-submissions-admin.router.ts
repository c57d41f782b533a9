import { publicSiteEndpoints as endpoints } from '@shared/endpoints/public-site';
import type { AppContext } from '../../context';
import { endpointRouter } from '../../middleware/serve';
import { staffAttention } from '../admin-operations/staff-attention';
import { formSubmissionsService } from './form-submissions.service';

/**
 * Administrators' side of the public forms: the bell and badge count (docs/behaviour.md §3 'Admin notification
 * count response', polled every 30 s, with what else waits for staff), and the
 * /admin/form-submissions list that marks them read. Each route is an endpoint of the table
 * (shared/endpoints/public-site.ts).
 */
export function formSubmissionsAdminRouter(context: AppContext) {
  const submissions = formSubmissionsService(context);
  const { router, serve } = endpointRouter(context);

  serve(endpoints.notificationCount)({
    handle: async (_req, res) => {
      const [count, attention] = await Promise.all([submissions.notificationCount(), staffAttention(context.db)]);
      res.set('Cache-Control', 'no-store');
      return { ...count, attention };
    },
  });

  serve(endpoints.formSubmissions)({
    handle: async (_req, res, { query }) => {
      res.set('Cache-Control', 'no-store');
      return submissions.list(query.filter, query.page);
    },
  });

  serve(endpoints.setSubmissionRead)({ handle: async (_req, _res, { params, body }) => ({ submission: await submissions.setRead(params.id, body.isRead) }) });

  serve(endpoints.markAllSubmissionsRead)({ handle: async () => ({ updated: await submissions.markAllRead() }) });

  return router;
}
