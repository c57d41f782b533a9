import type { FormSubmission, FormSubmissionFilter, NotificationCountResponse } from '@shared/contracts/public-site';
import { FORM_SUBMISSIONS_PAGE_SIZE, type formSubmissionRequestSchema } from '@shared/contracts/public-site';
import { RECENT_SUBMISSIONS_SHOWN } from '@shared/constants';
import type { z } from 'zod';
import { formatDateTime } from '@shared/format';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { email } from '../../lib/email-layout';
import { staffRecordsBeside } from '../staff-records/staff-records.service';

type SubmissionInput = z.output<typeof formSubmissionRequestSchema>;

const TYPE_LABELS: Record<string, string> = { contact: 'Contact message', register: 'Registration of interest' };

interface StoredSubmission {
  id: string;
  type: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  isRead: boolean;
  isSpam: boolean;
  createdAt: Date;
}

const present = (row: StoredSubmission): FormSubmission => ({
  id: row.id,
  type: row.type,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  isRead: row.isRead,
  isSpam: row.isSpam,
  createdAt: row.createdAt.toISOString(),
});

/** Genuine, unread: what the bell and the badge count. Spam is never counted. */
const unreadWhere = { isSpam: false, isRead: false } as const;

export function formSubmissionsService(context: AppContext) {
  const { db, mailer, env, logger, site } = context;
  return {
    /**
     * Stores the submission and queues staff's copy of it, together. A filled spam trap is stored flagged as spam, read, and not e-mailed; the
     * caller answers it exactly like a genuine one so a bot learns nothing. `senderId` is the
     * signed-in sender, whose account a contact message joins; a visitor's joins none.
     */
    async submit(input: SubmissionInput, { senderId }: { senderId: string | null }): Promise<void> {
      const isSpam = input.website.trim() !== '';
      const label = TYPE_LABELS[input.type] ?? 'Form submission';
      // The message and staff's copy of it are kept together: a mail outage delays the copy, never loses it.
      const staffRecords = staffRecordsBeside(context);
      const { row, emailId } = await db.$transaction(async (tx) => {
        const row = await tx.formSubmission.create({
          data: { type: input.type, name: input.name, email: input.email, phone: input.phone, message: input.message, isSpam, isRead: isSpam },
        });
        if (isSpam) return { row, emailId: null };
        await staffRecords.keep(tx, { kind: 'form-submission', id: row.id, senderId });
        const facts: Array<[string, string]> = [['Name', input.name], ['Email', input.email], ...(input.phone ? [['Phone', input.phone] as [string, string]] : []), ['Received', formatDateTime(row.createdAt)]];
        const staffCopy = email({
          to: env.STAFF_EMAIL,
          replyTo: input.email,
          subject: `${label}: ${input.name}`,
          audience: 'staff',
          blocks: [
            { paragraph: `${label} from the website` },
            { facts },
            { paragraph: input.message },
            { paragraph: `Reply to this e-mail to answer ${input.name} directly. All submissions: ${site.origin()}/admin/form-submissions` },
          ],
        });
        return { row, emailId: await mailer.send(staffCopy, { writer: tx, key: `form-submission:${row.id}` }) };
      });
      if (emailId) await mailer.dispatch(emailId);
      await staffRecords.record();
      if (isSpam) logger.info({ submissionId: row.id }, 'form submission caught by the spam trap');
    },

    async notificationCount(): Promise<Omit<NotificationCountResponse, 'attention'>> {
      const [unreadCount, recent] = await Promise.all([
        db.formSubmission.count({ where: unreadWhere }),
        db.formSubmission.findMany({
          where: unreadWhere,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: RECENT_SUBMISSIONS_SHOWN,
          select: { id: true, type: true, name: true, email: true, createdAt: true },
        }),
      ]);
      return { unreadCount, recentSubmissions: recent.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },

    async list(filter: FormSubmissionFilter, page: number) {
      const where = filter === 'spam' ? { isSpam: true } : filter === 'unread' ? unreadWhere : { isSpam: false };
      const [rows, total, unreadCount] = await Promise.all([
        db.formSubmission.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * FORM_SUBMISSIONS_PAGE_SIZE, take: FORM_SUBMISSIONS_PAGE_SIZE }),
        db.formSubmission.count({ where }),
        db.formSubmission.count({ where: unreadWhere }),
      ]);
      return { submissions: rows.map(present), total, page, pageSize: FORM_SUBMISSIONS_PAGE_SIZE, unreadCount };
    },

    async setRead(id: string, isRead: boolean): Promise<FormSubmission> {
      const existing = await db.formSubmission.findUnique({ where: { id } });
      if (!existing) throw notFound('That submission does not exist.', 'submission_not_found');
      return present(await db.formSubmission.update({ where: { id }, data: { isRead } }));
    },

    async markAllRead(): Promise<number> {
      const { count } = await db.formSubmission.updateMany({ where: unreadWhere, data: { isRead: true } });
      return count;
    },
  };
}
