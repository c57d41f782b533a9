/** Password reset by an e-mailed, single-use link that works for one hour. */
import { accountEndpoints as endpoints } from '@shared/endpoints/accounts';
import type { AppContext } from '../../context';
import { endpointRouter } from '../../middleware/serve';
import { accountRateLimiters } from './rate-limits';
import { keepResetLinkRequest, resetPassword } from './password-reset.service';
import { recordSecurityEvent } from './security-log';

/** What a person asking for a reset link is told when the relay does not answer (503, Retry-After). */
const RESET_LINK_NOT_SENT = 'We could not send the reset link just now; try again in a minute.';

export function passwordResetRouter(context: AppContext) {
  const { db, mailer, jobs } = context;
  const { router, serve } = endpointRouter(context);
  const limits = accountRateLimiters(context);

  // The same answer, after the same writes, whether or not the address has an account: the link is
  // made and mailed by a job after the answer has gone, so the time a mail server takes tells nothing.
  serve(endpoints.requestPasswordReset)({
    middleware: limits.passwordReset,
    handle: async (req, _res, { body: { email } }) => {
      const user = await db.user.findUnique({ where: { email }, select: { id: true } });
      await recordSecurityEvent(db, req, 'password_reset_requested', { userId: user?.id, email, details: { accountExists: Boolean(user) } });
      // Whether or not the account exists, the relay is asked first: if it is down the asker is told so
      // alike, and a link that would not arrive is not made.
      await mailer.checkRelay(RESET_LINK_NOT_SENT);
      await keepResetLinkRequest(jobs, user?.id ?? null);
      return { success: true, message: `If an account exists for ${email}, we have sent it a link to reset the password. The link works once, within an hour.` };
    },
  });

  serve(endpoints.resetPassword)({
    middleware: limits.passwordReset,
    handle: async (req, _res, { body }) => {
      const signInPath = await resetPassword(db, req, body);
      return { success: true, message: 'Your password has been changed. You can sign in with it now.', signInPath };
    },
  });

  return router;
}
