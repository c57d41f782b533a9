/** Registration as the quote wizard needs it: verify the address with a 6-digit code, then register. */
import { accountEndpoints as endpoints } from '@shared/endpoints/accounts';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { loadAccountUser } from '../../presenters/account';
import { VERIFICATION_CODE_VALID_MS } from '@shared/constants';
import { sendVerificationCode, verificationTokenFor } from './email-verification.service';
import { alreadyRegisteredEmail, verificationCodeEmail } from './mail-templates';
import { accountRateLimiters } from './rate-limits';
import { assertPasswordAllowed, CODE_NOT_SENT, registerMember } from './registration.service';
import { establishSession } from './sign-in.service';
import { endpointRouter } from '../../middleware/serve';

export function registrationRouter(context: AppContext) {
  const { db, mailer, site } = context;
  const { router, serve } = endpointRouter(context);
  const limits = accountRateLimiters(context);

  serve(endpoints.sendVerificationCode)({
    middleware: limits.verificationSend,
    handle: async (_req, _res, { body: { email, firstName } }) => {
      const validMinutes = VERIFICATION_CODE_VALID_MS / 60_000;
      // The same answer whether or not the address has an account; only its owner's inbox learns which.
      const account = await db.user.findUnique({ where: { email }, select: { firstName: true } });
      if (account) {
        const origin = site.origin();
        await mailer.sendNow(alreadyRegisteredEmail({ to: email, firstName: account.firstName, signInUrl: `${origin}/auth/signin`, resetUrl: `${origin}/auth/forgot-password` }), CODE_NOT_SENT);
      } else {
        await sendVerificationCode(context, email, (code) => verificationCodeEmail({ to: email, firstName, code, validMinutes }), CODE_NOT_SENT);
      }
      return {
        success: true,
        message: `We sent a 6-digit code to ${email}. It is valid for ${validMinutes} minutes. If that address already has an account, we e-mailed it how to sign in instead.`,
        expiresInSeconds: VERIFICATION_CODE_VALID_MS / 1000,
      };
    },
  });

  serve(endpoints.verifyCode)({
    middleware: limits.verificationCheck,
    handle: async (_req, _res, { body: { email, code } }) => {
      return { success: true, verificationToken: await verificationTokenFor(context, email, code) };
    },
  });

  serve(endpoints.register)({
    middleware: limits.verificationCheck,
    handle: async (req, _res, { body: input }) => {
      assertPasswordAllowed(input.password);
      let referredByCode: string | null = null;
      if (input.referrerCode) {
        const referrer = await db.referrer.findUnique({ where: { code: input.referrerCode } });
        if (!referrer?.isActive) throw badRequest(`The referrer code ${input.referrerCode} is not recognised. Check the link you were given, or leave the code out.`, 'unknown_referrer_code');
        referredByCode = referrer.code;
      }
      const user = await registerMember(context, req, input, referredByCode);
      await establishSession(req, user.id, 'credentials');
      return { success: true, user: await loadAccountUser(db, user.id) };
    },
  });

  return router;
}
