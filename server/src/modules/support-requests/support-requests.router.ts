/**
 * Support requests (docs/support-requests.md). Staff (administrators) work the queue under
 * /api/admin/support-requests; a signed-in person asks for help and reads the answers under
 * /api/support-requests. Each route is an endpoint of the table (shared/endpoints/support-requests.ts)
 * served with its loader and a thin handler.
 */
import type { Request } from 'express';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { perthToday } from '@shared/perth-time';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { notFound } from '../../lib/app-error';
import { sendCsv } from '../../lib/csv-download';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import {
  addSupportNote,
  askForHelp,
  everySupportRequest,
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
  updateSupportRequest,
} from './support-requests.service';
import { SUPPORT_REQUESTS_CSV } from './support-requests-csv';

export function supportRequestsRouter(context: AppContext) {
  const { db, env, mailer, site } = context;
  const { router, serve } = endpointRouter(context);
  const provider = providerOf(env.DATABASE_URL);

  /** Loads :id; for a member, only their own (anyone else's is answered as not found). */
  const requestFor =
    (who: 'staff' | 'owner') =>
    async (req: Request, { params }: { params: { id: string } }) => {
      const request = await findSupportRequest(db, params.id);
      if (!request || (who === 'owner' && request.userId !== signedInUser(req).id)) throw notFound(SUPPORT_REQUEST_NOT_FOUND, 'support_request_not_found');
      return request;
    };

  /* ---------- The member's side ---------- */

  serve(endpoints.listMine)({
    handle: async (req, res) => {
      res.set('Cache-Control', 'no-store');
      return { requests: await memberSupportRequests(db, signedInUser(req).id) };
    },
  });

  serve(endpoints.ask)({ handle: async (req, _res, { body }) => ({ request: await askForHelp(db, signedInUser(req).id, body) }) });

  serve(endpoints.followUp)({
    load: requestFor('owner'),
    handle: async (req, _res, { record, body }) => ({ request: await memberFollowUp(db, record, signedInUser(req).id, body.body) }),
  });

  /* ---------- The staff queue ---------- */

  serve(endpoints.newCount)({
    handle: async (_req, res) => {
      res.set('Cache-Control', 'no-store');
      return { newCount: await newSupportRequestCount(db) };
    },
  });

  serve(endpoints.assignees)({ handle: async () => ({ assignees: await supportAssignees(db) }) });

  serve(endpoints.exportCsv)({
    handle: async (req, res, { query }) => {
      await sendCsv(res, `support-requests-${perthToday()}.csv`, SUPPORT_REQUESTS_CSV, everySupportRequest(db, query, signedInUser(req).id, provider));
    },
  });

  serve(endpoints.list)({
    handle: async (req, res, { query }) => {
      res.set('Cache-Control', 'no-store');
      return listSupportRequests(db, query, signedInUser(req).id, provider);
    },
  });

  serve(endpoints.detail)({
    handle: async (_req, res, { params }) => {
      res.set('Cache-Control', 'no-store');
      return { request: await supportRequestDetail(db, params.id) };
    },
  });

  serve(endpoints.update)({
    load: requestFor('staff'),
    handle: async (req, _res, { record, body }) => {
      await updateSupportRequest(db, record, signedInUser(req).id, body);
      return { request: await supportRequestDetail(db, record.id) };
    },
  });

  serve(endpoints.addNote)({
    load: requestFor('staff'),
    handle: async (req, _res, { record, body }) => {
      await addSupportNote(db, record, signedInUser(req).id, body.body);
      return { request: await supportRequestDetail(db, record.id) };
    },
  });

  /** A visitor's request joins the account at its address only by hand, once the person confirmed it is theirs. */
  serve(endpoints.link)({
    load: requestFor('staff'),
    handle: async (req, _res, { record }) => {
      await linkSupportRequest(db, record, signedInUser(req).id);
      return { request: await supportRequestDetail(db, record.id) };
    },
  });

  serve(endpoints.reply)({
    load: requestFor('staff'),
    handle: async (req, _res, { record, body }) => {
      await replyToSupportRequest({ db, mailer, origin: site.origin() }, record, signedInUser(req), body);
      return { request: await supportRequestDetail(db, record.id) };
    },
  });

  return router;
}
