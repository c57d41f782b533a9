/**
 * Support requests (docs/support-requests.md). Staff (administrators) work the queue under
 * /api/admin/support-requests; a signed-in person asks for help and reads the answers under
 * /api/support-requests. Every route is a chain: guard, validate, load the record, a thin handler.
 */
import { type RequestHandler, Router } from 'express';
import {
  askForHelpSchema,
  supportRequestFollowUpSchema,
  supportRequestLinkInputSchema,
  supportRequestListQuerySchema,
  supportRequestNoteInputSchema,
  supportRequestParamsSchema,
  supportRequestReplyInputSchema,
  supportRequestUpdateSchema,
} from '@shared/contracts/support-requests';
import { perthToday } from '@shared/perth-time';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import type { SupportRequest } from '../../generated/prisma/client';
import { notFound } from '../../lib/app-error';
import { requireAdmin, requireUser, signedInUser } from '../../middleware/auth';
import { loadedRecord } from '../../middleware/loaded-record';
import { validate } from '../../middleware/validate';
import {
  addSupportNote,
  askForHelp,
  findSupportRequest,
  linkSupportRequest,
  listSupportRequests,
  memberFollowUp,
  memberSupportRequests,
  newSupportRequestCount,
  replyToSupportRequest,
  SUPPORT_REQUEST_NOT_FOUND,
  supportAssignees,
  supportRequestDetail,
  supportRequestsCsv,
  updateSupportRequest,
} from './support-requests.service';

export function supportRequestsRouter({ db, env, mailer, site }: AppContext): Router {
  const router = Router();
  const provider = providerOf(env.DATABASE_URL);
  const params = validate({ params: supportRequestParamsSchema });
  const loaded = loadedRecord<SupportRequest>('support request');

  /** Loads :id; for a member, only their own (anyone else's is answered as not found). */
  const requestFor =
    (who: 'staff' | 'owner'): RequestHandler =>
    async (req, _res, next) => {
      const request = await findSupportRequest(db, params.input(req).params.id);
      if (!request || (who === 'owner' && request.userId !== signedInUser(req).id)) throw notFound(SUPPORT_REQUEST_NOT_FOUND, 'support_request_not_found');
      loaded.set(req, request);
      next();
    };

  /* ---------- The member's side ---------- */

  router.get('/support-requests', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ requests: await memberSupportRequests(db, signedInUser(req).id) });
  });

  const askBody = validate({ body: askForHelpSchema });
  router.post('/support-requests', requireUser, askBody, async (req, res) => {
    res.status(201).json({ request: await askForHelp(db, signedInUser(req).id, askBody.input(req).body) });
  });

  const followUpBody = validate({ body: supportRequestFollowUpSchema });
  router.post('/support-requests/:id/messages', requireUser, params, requestFor('owner'), followUpBody, async (req, res) => {
    res.status(201).json({ request: await memberFollowUp(db, loaded.get(req), signedInUser(req).id, followUpBody.input(req).body.body) });
  });

  /* ---------- The staff queue ---------- */

  router.get('/admin/support-requests/count', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ newCount: await newSupportRequestCount(db) });
  });

  router.get('/admin/support-requests/assignees', requireAdmin, async (_req, res) => {
    res.json({ assignees: await supportAssignees(db) });
  });

  const listQuery = validate({ query: supportRequestListQuerySchema });
  router.get('/admin/support-requests/export.csv', requireAdmin, listQuery, async (req, res) => {
    const csv = await supportRequestsCsv(db, listQuery.input(req).query, signedInUser(req).id, provider);
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="support-requests-${perthToday()}.csv"`, 'Cache-Control': 'private, no-store' }).send(csv);
  });

  router.get('/admin/support-requests', requireAdmin, listQuery, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await listSupportRequests(db, listQuery.input(req).query, signedInUser(req).id, provider));
  });

  router.get('/admin/support-requests/:id', requireAdmin, params, async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ request: await supportRequestDetail(db, params.input(req).params.id) });
  });

  const updateBody = validate({ body: supportRequestUpdateSchema });
  router.patch('/admin/support-requests/:id', requireAdmin, params, requestFor('staff'), updateBody, async (req, res) => {
    const request = loaded.get(req);
    await updateSupportRequest(db, request, signedInUser(req).id, updateBody.input(req).body);
    res.json({ request: await supportRequestDetail(db, request.id) });
  });

  const noteBody = validate({ body: supportRequestNoteInputSchema });
  router.post('/admin/support-requests/:id/notes', requireAdmin, params, requestFor('staff'), noteBody, async (req, res) => {
    const request = loaded.get(req);
    await addSupportNote(db, request, signedInUser(req).id, noteBody.input(req).body.body);
    res.status(201).json({ request: await supportRequestDetail(db, request.id) });
  });

  /** A visitor's request joins the account at its address only by hand, once the person confirmed it is theirs. */
  const linkBody = validate({ body: supportRequestLinkInputSchema });
  router.post('/admin/support-requests/:id/link', requireAdmin, params, requestFor('staff'), linkBody, async (req, res) => {
    const request = loaded.get(req);
    await linkSupportRequest(db, request, signedInUser(req).id);
    res.json({ request: await supportRequestDetail(db, request.id) });
  });

  const replyBody = validate({ body: supportRequestReplyInputSchema });
  router.post('/admin/support-requests/:id/replies', requireAdmin, params, requestFor('staff'), replyBody, async (req, res) => {
    const request = loaded.get(req);
    await replyToSupportRequest({ db, mailer, origin: site.origin() }, request, signedInUser(req), replyBody.input(req).body);
    res.status(201).json({ request: await supportRequestDetail(db, request.id) });
  });

  return router;
}
