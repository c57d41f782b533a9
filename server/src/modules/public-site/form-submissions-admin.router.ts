import { Router } from 'express';
import { formSubmissionListQuerySchema, formSubmissionParamsSchema, formSubmissionUpdateSchema, type NotificationCountResponse } from '@shared/contracts/public-site';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { staffAttention } from '../admin-operations/staff-attention';
import { formSubmissionsService } from './form-submissions.service';

/**
 * Administrators' side of the public forms: the bell and badge count (docs/behaviour.md §3 'Admin notification
 * count response', polled every 30 s, with what else waits for staff), and the
 * /admin/form-submissions list that marks them read.
 */
export function formSubmissionsAdminRouter(context: AppContext): Router {
  const submissions = formSubmissionsService(context);
  const router = Router();

  router.get('/admin/notifications/count', requireAdmin, async (_req, res) => {
    const [count, attention] = await Promise.all([submissions.notificationCount(), staffAttention(context.db)]);
    const body: NotificationCountResponse = { ...count, attention };
    res.set('Cache-Control', 'no-store').json(body);
  });

  const formSubmissionListQuery = validate({ query: formSubmissionListQuerySchema });
  router.get('/admin/form-submissions', requireAdmin, formSubmissionListQuery, async (req, res) => {
    const { filter, page } = formSubmissionListQuery.input(req).query;
    res.set('Cache-Control', 'no-store').json(await submissions.list(filter, page));
  });

  const formSubmissionUpdateInput = validate({ params: formSubmissionParamsSchema, body: formSubmissionUpdateSchema });
  router.patch('/admin/form-submissions/:id', requireAdmin, formSubmissionUpdateInput, async (req, res) => {
    const { params, body } = formSubmissionUpdateInput.input(req);
    res.json({ submission: await submissions.setRead(params.id, body.isRead) });
  });

  router.post('/admin/form-submissions/mark-all-read', requireAdmin, async (_req, res) => {
    res.json({ updated: await submissions.markAllRead() });
  });

  return router;
}
