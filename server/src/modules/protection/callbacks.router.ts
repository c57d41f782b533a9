/**
 * POST /api/callbacks/request (docs/behaviour.md §7): a grower asks staff to call about an estimate. Anyone may
 * ask (a signed-in member's id is recorded); the request is stored, then staff are e-mailed at
 * STAFF_EMAIL. Answers { success: true, id, submittedAt } or { success: false, error } with a sentence.
 */
import { protectionEndpoints as endpoints } from '@shared/endpoints/protection';
import type { AppContext } from '../../context';
import { currentUser } from '../../middleware/auth';
import { createRateLimit } from '../../middleware/rate-limit';
import { endpointRouter } from '../../middleware/serve';
import { requestCallback } from './callbacks.service';

export function callbacksRouter(context: AppContext) {
  const { router, serve } = endpointRouter(context);
  const limit = createRateLimit(context, 'callbacksPerAddress', { message: 'We already have several callback requests from this address; our team will call you.' });

  serve(endpoints.requestCallback)({
    middleware: [limit],
    handle: async (req, _res, { body }) => {
      const receipt = await requestCallback(context, body, { userId: currentUser(req)?.id ?? null, ipAddress: req.ip ?? null });
      return { success: true, ...receipt };
    },
  });
  return router;
}
