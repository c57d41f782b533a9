/** The rules registration and a change of e-mail address share: a password allowed, an address not yet taken, a code that could not be sent. */
import type { Request } from 'express';
import type { z } from 'zod';
import { EMAIL_ALREADY_REGISTERED, PASSWORD_PROBLEM_MESSAGES, type registerRequestSchema } from '@shared/contracts/accounts';
import { passwordProblem } from '@shared/domain/accounts/password-policy';
import { conflict } from '../../lib/app-error';
import type { AppContext } from '../../context';
import { hashPassword } from '../../lib/password';
import { isUniqueViolation } from '../../lib/sequential-number';
import { ValidationError } from '../../lib/validate';
import { checkVerificationToken } from './email-verification.service';
import { recordSecurityEvent } from './security-log';
import { isCommonPassword } from './common-passwords';
import { staffRecordsBeside } from '../staff-records/staff-records.service';

/** What a person waiting for a code is told when the relay does not take it (503, Retry-After). */
export const CODE_NOT_SENT = 'We could not send the code just now; try again in a minute.';

/** The message that offers sign-in instead of an error page (the client links it to /auth/signin). */
export const alreadyRegistered = (email: string) => conflict(`An account already exists for ${email}. Please sign in instead, or reset your password if you have forgotten it.`, EMAIL_ALREADY_REGISTERED);

/** The common-password refusal, shown beside the password field. */
export function assertPasswordAllowed(password: string, field = 'password') {
  const problem = passwordProblem(password, isCommonPassword);
  if (problem) throw new ValidationError([{ path: field, message: PASSWORD_PROBLEM_MESSAGES[problem] }]);
}

/**
 * The new member's account, made with the verification token spent and the registration logged in
 * one transaction: a registration that fails part-way can be sent again with the same token. Only
 * someone who proved they read the address's mail learns it has an account already.
 */
export async function registerMember(context: Pick<AppContext, 'db' | 'sessions' | 'jobs' | 'logger'>, req: Request, input: z.output<typeof registerRequestSchema>, referredByCode: string | null) {
  const { db } = context;
  const staffRecords = staffRecordsBeside(context);
  const verification = await checkVerificationToken(context, input.email, input.verificationToken);
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw alreadyRegistered(input.email);
  const passwordHash = await hashPassword(input.password);
  const user = await db
    .$transaction(async (tx) => {
      await verification.spend(tx);
      const user = await tx.user.create({
        data: {
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          businessName: input.businessName || null,
          abn: input.abn || null,
          allowMarketing: input.allowMarketing ?? false,
          referredByCode,
          permissions: [],
          emailVerifiedAt: new Date(),
        },
      });
      await recordSecurityEvent(tx, req, 'registration', { userId: user.id, email: user.email, details: { referredByCode } });
      // A referrer's code makes the new member a lead of the referrer's.
      if (referredByCode) await staffRecords.keep(tx, { kind: 'registration', id: user.id });
      return user;
    })
    .catch((error: unknown) => {
      // Two registrations for one address at the same moment: the second is told to sign in.
      throw isUniqueViolation(error) ? alreadyRegistered(input.email) : error;
    });
  await staffRecords.record();
  return user;
}
