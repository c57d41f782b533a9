/** A grower's callback request (docs/behaviour.md §7), stored with staff's e-mail about it, then put on staff's lists. */
import type { CallbackRequest } from '@shared/contracts/protection';
import type { AppContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client';
import { staffRecordFailed } from '../../lib/staff-records';
import { leadFromCallbackRequest } from '../crm/leads.service';
import { supportRequestFromCallback } from '../support-requests/support-requests.service';
import { callbackRequestStaffEmail } from './mail-templates';

/**
 * Stores the request and staff's e-mail about it together (a mail outage delays the e-mail, never
 * loses it), hands the e-mail to the mail queue, then records the CRM lead and the support request;
 * their failure is logged, never the asker's. Answers the receipt the asker is shown.
 */
export async function requestCallback(
  { env, db, logger, mailer }: Pick<AppContext, 'env' | 'db' | 'logger' | 'mailer'>,
  request: CallbackRequest,
  { userId, ipAddress }: { userId: string | null; ipAddress: string | null },
) {
  const { row, emailId } = await db.$transaction(async (tx) => {
    const row = await tx.callbackRequest.create({
      data: {
        userId,
        email: request.userInfo.email,
        firstName: request.userInfo.firstName,
        lastName: request.userInfo.lastName,
        phone: request.userInfo.phone,
        reason: request.reason,
        timePreference: request.timePreference,
        customTime: request.customTime ?? null,
        description: request.description ?? null,
        estimateData: request.estimateData ? (request.estimateData as Prisma.InputJsonValue) : undefined,
        ipAddress,
      },
    });
    return { row, emailId: await mailer.send(callbackRequestStaffEmail({ to: env.STAFF_EMAIL, request, id: row.id }), { writer: tx, key: `callback-request:${row.id}` }) };
  });
  await mailer.dispatch(emailId);
  await leadFromCallbackRequest(db, row).catch(staffRecordFailed(logger, 'CRM lead'));
  await supportRequestFromCallback(db, row).catch(staffRecordFailed(logger, 'Support request'));
  return { id: row.id, submittedAt: row.createdAt.toISOString() };
}
