/**
 * POST /api/callbacks/request (docs/behaviour.md §7): a grower asks staff to call about an estimate. Anyone may
 * ask (a signed-in member's id is recorded); the request is stored, then staff are e-mailed at
 * STAFF_EMAIL. Answers { success: true, id, submittedAt } or { success: false, error } with a sentence.
 */
import type { ErrorRequestHandler } from 'express';
import { CALLBACK_FAILED_MESSAGE } from '@shared/contracts/protection';
import { protectionEndpoints as endpoints } from '@shared/endpoints/protection';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { ValidationError } from '../../lib/validate';
import { currentUser } from '../../middleware/auth';
import { createRateLimit } from '../../middleware/rate-limit';
import { endpointRouter } from '../../middleware/serve';
import { requestCallback } from './callbacks.service';

/** Every failure as { success: false, error } (plus message, and issues for a 400); unknown errors as docs/behaviour.md §8's text. */
const callbackErrors =
  (logger: Logger): ErrorRequestHandler =>
  (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (!(error instanceof AppError)) {
      logger.error({ err: error, url: req.originalUrl }, 'callback request failed');
      res.status(500).json({ success: false, error: CALLBACK_FAILED_MESSAGE, message: CALLBACK_FAILED_MESSAGE });
      return;
    }
    const body: Record<string, unknown> = { success: false, error: error.message, message: error.message };
    if (error instanceof ValidationError) body['issues'] = error.issues;
    res.status(error.status).set(error.headers).json(body);
  };

export function callbacksRouter(context: AppContext) {
  const { logger } = context;
  const { router, serve } = endpointRouter(context);
  const limit = createRateLimit(context, 'callbacksPerAddress', { message: 'We already have several callback requests from this address; our team will call you.' });

  serve(endpoints.requestCallback)({
    middleware: [limit],
    handle: async (req, _res, { body }) => {
      const receipt = await requestCallback(context, body, { userId: currentUser(req)?.id ?? null, ipAddress: req.ip ?? null });
      return { success: true, ...receipt };
    },
  });
  router.use('/callbacks', callbackErrors(logger));
  return router;
}
