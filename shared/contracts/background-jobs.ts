/** The administrators' background-jobs page (/admin/background-jobs, docs/background-jobs.md). */
import { z } from 'zod';
import { pageParam, pageSizeParam } from './paging';

/** The states pg-boss gives a job; the SQLite runner uses the same words. */
export const BACKGROUND_JOB_STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;
export type BackgroundJobState = (typeof BACKGROUND_JOB_STATES)[number];

export const BACKGROUND_JOB_STATE_LABELS: Record<BackgroundJobState, string> = {
  created: 'Waiting',
  retry: 'Waiting to retry',
  active: 'Running',
  completed: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const backgroundJobCountSchema = z.object({ queue: z.string(), state: z.enum(BACKGROUND_JOB_STATES), count: z.number().int() });
export type BackgroundJobCount = z.infer<typeof backgroundJobCountSchema>;

export const failedBackgroundJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  /** Tries made, the first one included. */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  failedAt: z.iso.datetime().nullable(),
});
export type FailedBackgroundJob = z.infer<typeof failedBackgroundJobSchema>;

/** GET /api/admin/background-jobs */
export const backgroundJobsQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam(20),
});
export type BackgroundJobsQuery = z.infer<typeof backgroundJobsQuerySchema>;

export const backgroundJobsResponseSchema = z.object({
  success: z.literal(true),
  counts: z.array(backgroundJobCountSchema),
  failed: z.array(failedBackgroundJobSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BackgroundJobsResponse = z.infer<typeof backgroundJobsResponseSchema>;

/** POST /api/admin/background-jobs/:queue/:id/retry */
export const backgroundJobParamsSchema = z.object({
  queue: z.string().trim().min(1, { error: 'Name the job’s queue.' }).max(100, { error: 'A queue name is at most 100 characters.' }),
  id: z.string().trim().min(1, { error: 'Name the job.' }).max(100, { error: 'A job id is at most 100 characters.' }),
});

export const retryBackgroundJobResponseSchema = z.object({ success: z.literal(true) });

/** What staff read for each queue the product schedules (server/src/jobs/app-jobs.ts); any other queue shows its name. */
export const BACKGROUND_JOB_LABELS: Record<string, string> = {
  'reminders.daily': 'Payment and renewal reminders (8 am daily)',
  'sessions.prune': 'Expired sign-ins removed (every 10 minutes)',
  'telemetry.prune': 'Error and analytics retention (every 6 hours)',
  'alerts.poll-feeds': 'Storm and fire feeds read (every 5 minutes)',
  'alerts.email': 'Storm and fire alert e-mails (as events arrive)',
  'xero.sync': 'Invoices and payments to Xero (as they are recorded)',
  'files.image-copies': 'Smaller copies of claim photos (as photos arrive)',
  'staff-records.keep': 'Leads and support requests checked a minute after the person’s action',
  'password-reset.mail': 'Password reset links asked for on the sign-in page (as they are asked for)',
  'email.send': 'E-mails to members and staff (as they are written)',
  'email.sweep': 'E-mails not yet handed over, handed over (every minute)',
  'visitor-writes.prune': 'Spent e-mail codes, reset links, spam and kept answers removed (3:30 am daily)',
};
