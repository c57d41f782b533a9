/** Password reset by an e-mailed, single-use link that works for one hour. */
import { Router } from 'express';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '@shared/contracts/accounts';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { tokenHash } from './email-verification.service';
import { passwordResetEmail } from './mail-templates';
import { accountRateLimiters } from './rate-limits';
import { issuePasswordResetLink, PASSWORD_RESET_VALID_MS } from './password-reset.service';
import { assertPasswordAllowed } from './registration.service';
import { recordSecurityEvent } from './security-log';
import { clearSignInLocks } from './sign-in.service';
import { validate } from '../../middleware/validate';

/** What a person asking for a reset link is told when the relay does not answer (503, Retry-After). */
const RESET_LINK_NOT_SENT = 'We could not send the reset link just now; try again in a minute.';

export function passwordResetRouter(context: AppContext): Router {
  const { db, mailer, site, logger } = context;
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
        // The link and its e-mail are written together, then handed to the mail queue.
        db.$transaction(async (tx) => {
          const url = await issuePasswordResetLink(tx, user.id, site.origin(), PASSWORD_RESET_VALID_MS);
          return mailer.send(passwordResetEmail({ to: user.email, firstName: user.firstName, url, validMinutes: PASSWORD_RESET_VALID_MS / 60_000 }), { writer: tx });
        })
          .then((emailId) => mailer.dispatch(emailId))
          .catch((error: unknown) => logger.error({ err: error, userId: user.id }, 'password reset e-mail could not be queued'));
      });
    }
    res.json({ success: true, message: `If an account exists for ${email}, we have sent it a link to reset the password. The link works once, within an hour.` });
  });

  const passwordResetConfirmInput = validate({ body: passwordResetConfirmSchema });
  router.post('/auth/password-reset/confirm', ...limits.passwordReset, passwordResetConfirmInput, async (req, res) => {
    const { token, password } = passwordResetConfirmInput.input(req).body;
    const record = await db.passwordResetToken.findUnique({ where: { tokenHash: tokenHash(token) }, include: { user: true } });
    const invalidLink = () => badRequest('This reset link has expired or has been used already. Ask for a new one on the sign-in page.', 'reset_link_invalid');
    if (!record || record.usedAt || record.expiresAt.getTime() < Date.now()) throw invalidLink();
    assertPasswordAllowed(password);
    const passwordHash = await hashPassword(password);
    // The link is spent, the password changed and the change logged together: a failure half-way leaves the link usable.
    await db.$transaction(async (tx) => {
      // Spent with one conditional update, so two uses of one link at the same moment cannot both succeed.
      const spent = await tx.passwordResetToken.updateMany({ where: { id: record.id, usedAt: null }, data: { usedAt: new Date() } });
      if (spent.count === 0) throw invalidLink();
      // A reset ends every session of the account and drops an e-mail change they asked for.
      await tx.user.update({ where: { id: record.userId }, data: { passwordHash, sessionsValidFrom: new Date(), pendingEmail: null, emailVerifiedAt: record.user.emailVerifiedAt ?? new Date() } });
      await recordSecurityEvent(tx, req, 'password_reset', { userId: record.userId, email: record.user.email });
    });
    // And lifts any lockout.
    await clearSignInLocks(db, record.user.email);
    res.json({ success: true, message: 'Your password has been changed. You can sign in with it now.' });
  });

  return router;
}
