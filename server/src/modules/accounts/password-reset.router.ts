/** Password reset by an e-mailed, single-use link that works for one hour. */
import { Router } from 'express';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '@shared/contracts/accounts';
import type { AppContext } from '../../context';
import { accountRateLimiters } from './rate-limits';
import { mailPasswordResetLink, resetPassword } from './password-reset.service';
import { recordSecurityEvent } from './security-log';
import { validate } from '../../middleware/validate';

/** What a person asking for a reset link is told when the relay does not answer (503, Retry-After). */
const RESET_LINK_NOT_SENT = 'We could not send the reset link just now; try again in a minute.';

export function passwordResetRouter(context: AppContext): Router {
  const { db, mailer, logger } = context;
  const router = Router();
  const limits = accountRateLimiters(context);

  // The same answer, after the same wait, whether or not the address has an account: the link is
  // made and mailed after the answer has gone, so the time a mail server takes tells nothing.
  const passwordResetRequest = validate({ body: passwordResetRequestSchema });
  router.post('/auth/password-reset/request', ...limits.passwordReset, passwordResetRequest, async (req, res) => {
    const { email } = passwordResetRequest.input(req).body;
    const user = await db.user.findUnique({ where: { email } });
    await recordSecurityEvent(db, req, 'password_reset_requested', { userId: user?.id, email, details: { accountExists: Boolean(user) } });
    // Whether or not the account exists, the relay is asked first: if it is down the asker is told so
    // alike, and a link that would not arrive is not made.
    await mailer.checkRelay(RESET_LINK_NOT_SENT);
    if (user) {
      res.on('finish', () => {
        mailPasswordResetLink(context, user).catch((error: unknown) => logger.error({ err: error, userId: user.id }, 'password reset e-mail could not be queued'));
      });
    }
    res.json({ success: true, message: `If an account exists for ${email}, we have sent it a link to reset the password. The link works once, within an hour.` });
  });

  const passwordResetConfirmInput = validate({ body: passwordResetConfirmSchema });
  router.post('/auth/password-reset/confirm', ...limits.passwordReset, passwordResetConfirmInput, async (req, res) => {
    await resetPassword(db, req, passwordResetConfirmInput.input(req).body);
    res.json({ success: true, message: 'Your password has been changed. You can sign in with it now.' });
  });

  return router;
}
