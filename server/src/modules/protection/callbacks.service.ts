/** A grower's callback request (docs/behaviour.md §7), stored with staff's e-mail about it, then put on staff's lists. */
import type { CallbackRequest } from '@shared/contracts/protection';
import type { AppContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client';
import { staffRecordsBeside } from '../staff-records/staff-records.service';
import { callbackRequestStaffEmail } from './mail-templates';

/**
 * Stores the request and staff's e-mail about it together (a mail outage delays the e-mail, never
 * loses it), hands the e-mail to the mail queue, then records the CRM lead and the support request
 * (modules/staff-records: never the asker's failure, never lost). Answers the receipt the asker is shown.
 */
export async function requestCallback(
  context: Pick<AppContext, 'env' | 'db' | 'logger' | 'mailer' | 'jobs'>,
  request: CallbackRequest,
  { userId, ipAddress }: { userId: string | null; ipAddress: string | null },
) {
  const { env, db, mailer } = context;
  const staffRecords = staffRecordsBeside(context);
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
    await staffRecords.keep(tx, { kind: 'callback', id: row.id });
    return { row, emailId: await mailer.send(callbackRequestStaffEmail({ to: env.STAFF_EMAIL, request, id: row.id }), { writer: tx, key: `callback-request:${row.id}` }) };
  });
  await mailer.dispatch(emailId);
  await staffRecords.record();
  return { id: row.id, submittedAt: row.createdAt.toISOString() };
}
