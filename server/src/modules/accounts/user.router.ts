/** The member's own account: profile, e-mail change (verified before it applies), password change. */
import type { RequestHandler } from 'express';
import { normaliseEmail } from '@shared/domain/accounts/display-name';
import { accountEndpoints as endpoints } from '@shared/endpoints/accounts';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../lib/mailer';
import { verifyPassword } from '../../lib/password';
import { ValidationError } from '../../lib/validate';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { loadAccountUser } from '../../presenters/account';
import { VERIFICATION_CODE_VALID_MS } from '@shared/constants';
import { sendVerificationCode } from './email-verification.service';
import { addressInUseEmail, emailChangeCodeEmail, emailChangeNoticeEmail } from './mail-templates';
import { accountRateLimiters } from './rate-limits';
import { CODE_NOT_SENT } from './registration.service';
import { establishSession } from './sign-in.service';
import { changePassword, confirmEmailChange, saveProfile } from './users.service';

export function userRouter(context: AppContext) {
  const { env, db, mailer, site } = context;
  const { router, serve } = endpointRouter(context);
  const limits = accountRateLimiters(context);

  /** Refuses, beside the currentPassword field, a missing or wrong current password. */
  async function assertCurrentPassword(userId: string, currentPassword: string | undefined, missingMessage = 'Enter your current password.') {
    if (!currentPassword) throw new ValidationError([{ path: 'currentPassword', message: missingMessage }]);
    const record = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
    if (!record?.passwordHash || !(await verifyPassword(record.passwordHash, currentPassword))) {
      throw new ValidationError([{ path: 'currentPassword', message: 'Your current password is not right.' }]);
    }
  }

  serve(endpoints.account)({
    handle: async (req, res) => {
      res.set('Cache-Control', 'no-store');
      return { success: true, user: await loadAccountUser(db, signedInUser(req).id) };
    },
  });

  // Only a change of address sends mail, so only that is held to the verification-send limits.
  const limitEmailChanges: RequestHandler = (req, res, next) => {
    const email = (req.body as { email?: unknown } | undefined)?.email;
    const changing = typeof email === 'string' && normaliseEmail(email) !== signedInUser(req).email;
    if (!changing) return next();
    const run = (index: number): void => {
      const handler = limits.verificationSend[index];
      if (!handler) return next();
      handler(req, res, (error?: unknown) => (error ? next(error) : run(index + 1)));
    };
    run(0);
  };

  serve(endpoints.updateAccount)({
    middleware: [limitEmailChanges],
    handle: async (req, _res, { body: { email, currentPassword, ...profile } }) => {
      const user = signedInUser(req);
      let message: string | undefined;
      let pendingEmail: string | null | undefined;
      let noticeToOldAddress: MailMessage | undefined;
      if (email !== undefined && email !== user.email) {
        // Whoever holds a session must not be able to move the account (and its password resets) elsewhere.
        await assertCurrentPassword(user.id, currentPassword, 'Enter your current password to change your e-mail address.');
        const validMinutes = VERIFICATION_CODE_VALID_MS / 60_000;
        // Answered alike whether or not the address has an account (docs/security.md): its owner is told
        // instead of sent a code, so the change can never be confirmed and the asker learns nothing.
        const owner = await db.user.findUnique({ where: { email }, select: { firstName: true } });
        if (owner) {
          await mailer.sendNow(addressInUseEmail({ to: email, firstName: owner.firstName, signInUrl: `${site.origin()}/auth/signin`, staffEmail: env.STAFF_EMAIL }), CODE_NOT_SENT);
        } else {
          await sendVerificationCode(context, email, (code) => emailChangeCodeEmail({ to: email, firstName: profile.firstName ?? user.firstName, code, validMinutes }), CODE_NOT_SENT);
        }
        noticeToOldAddress = emailChangeNoticeEmail({ to: user.email, firstName: user.firstName, newEmail: email, validMinutes, staffEmail: env.STAFF_EMAIL });
        pendingEmail = email;
        message = `We sent a 6-digit code to ${email}. Your address changes once you enter it (within ${validMinutes} minutes).`;
      } else if (email === user.email) {
        pendingEmail = null;
      }
      await saveProfile(context, user.id, { profile, pendingEmail, noticeToOldAddress });
      return { success: true, user: await loadAccountUser(db, user.id), ...(message ? { message } : {}) };
    },
  });

  serve(endpoints.confirmEmailChange)({
    middleware: limits.verificationCheck,
    handle: async (req, _res, { body }) => {
      const user = signedInUser(req);
      await confirmEmailChange(context, req, user, body.code);
      return { success: true, user: await loadAccountUser(db, user.id) };
    },
  });

  serve(endpoints.changePassword)({
    middleware: limits.signIn,
    handle: async (req, _res, { body: { currentPassword, newPassword } }) => {
      const user = signedInUser(req);
      await assertCurrentPassword(user.id, currentPassword);
      // Every other session of this account ends, and with them any e-mail change they asked for; this one carries on under a new id.
      await changePassword(db, req, user, newPassword);
      await establishSession(req, user.id, req.session.provider ?? 'credentials');
      return { success: true, message: 'Your password has been changed. Other devices have been signed out.' };
    },
  });

  return router;
}
