/**
 * The product's background jobs and their schedules (docs/background-jobs.md 'The jobs'). A new
 * recurring job is a handler and a cron line here; see 'Adding a job' in that document.
 */
import type { AppContext } from '../context';
import { createBlobStore } from '../lib/blob-store';
import { ALERT_FEED_QUEUE, configuredFeeds, pollAlertFeeds } from '../modules/alerts/alert-feeds';
import { ALERT_EMAIL_QUEUE, sendAlertEmails } from '../modules/alerts/alerts.service';
import { IMAGE_COPIES_QUEUE, IMAGE_COPIES_RETRY, imageCopiesJob } from '../modules/files/image-variants';
import { pruneTelemetry } from '../modules/public-site/telemetry-retention';
import { xeroSettings } from '../modules/xero/xero-client';
import { runXeroSync, XERO_SYNC_QUEUE, XERO_SYNC_RETRY } from '../modules/xero/xero-sync.service';
import { registerStaffRecordJobs, STAFF_RECORDS_QUEUE } from '../modules/staff-records/staff-records.service';
import { PASSWORD_RESET_QUEUE, registerPasswordResetJobs } from '../modules/accounts/password-reset.service';
import { EMAIL_SEND_QUEUE, EMAIL_SWEEP_CRON, EMAIL_SWEEP_QUEUE, registerMailJobs } from '../lib/mail-queue';
import type { JobQueue } from '../lib/job-queue';
import { sendDueReminders } from './reminders';
import { pruneVisitorWrites } from './visitor-retention';

export const APP_JOBS = {
  /** Payment, instalment and renewal reminders, at 8 am in WA. */
  reminders: { queue: 'reminders.daily', cron: '0 8 * * *' },
  /** Expired sessions out of the database, every 10 minutes (not registered when sessions live in Redis). */
  sessionPruning: { queue: 'sessions.prune', cron: '*/10 * * * *' },
  /** The error and analytics retention rules, every 6 hours. */
  telemetryPruning: { queue: 'telemetry.prune', cron: '15 */6 * * *' },
  /** The retention of what visitors leave behind (codes, reset links, unknown-account sign-in failures, spam), at 3:30 am in WA. */
  visitorPruning: { queue: 'visitor-writes.prune', cron: '30 3 * * *' },
  /** The storm and fire feeds that are configured, every 5 minutes (not registered when none is). */
  alertFeeds: { queue: ALERT_FEED_QUEUE, cron: '*/5 * * * *' },
  /** The e-mails of one stored event, queued once per event as it is stored. */
  alertEmails: { queue: ALERT_EMAIL_QUEUE },
  /** One contact, invoice or payment to Xero, queued as it is recorded (not registered when Xero is not configured). */
  xeroSync: { queue: XERO_SYNC_QUEUE },
  /** One e-mail, queued as the change it reports is saved (server/src/lib/mail-queue.ts). */
  emailSend: { queue: EMAIL_SEND_QUEUE },
  /** E-mail written but never handed over, handed over; old records deleted; every minute. */
  emailSweep: { queue: EMAIL_SWEEP_QUEUE, cron: EMAIL_SWEEP_CRON },
  /** A photo's smaller copies, queued once per photo as it is kept (or when a copy of an older photo is first asked for). */
  imageCopies: { queue: IMAGE_COPIES_QUEUE },
  /** The CRM lead or support request a person's action makes, written a minute later if it is missing (modules/staff-records). */
  staffRecords: { queue: STAFF_RECORDS_QUEUE },
  /** The link a reset request asked for and its e-mail, made after the answer (modules/accounts/password-reset.service.ts). */
  passwordReset: { queue: PASSWORD_RESET_QUEUE },
} as const;

type JobContext = Pick<AppContext, 'db' | 'env' | 'logger' | 'mailer' | 'mailTransport' | 'site' | 'sessions'>;

/** Registers every job's handler and schedule on the queue; called once before the queue starts. */
export async function registerAppJobs(queue: JobQueue, context: JobContext): Promise<void> {
  const { db, env, logger } = context;

  await registerMailJobs(queue, { db, logger, transport: context.mailTransport });
  registerStaffRecordJobs(queue, { db });
  registerPasswordResetJobs(queue, context);

  queue.register(APP_JOBS.reminders.queue, async ({ now }) => logger.info(await sendDueReminders(context, now), 'reminders queued'), { retryLimit: 3, retryDelaySeconds: 15 * 60 });
  await queue.schedule(APP_JOBS.reminders.queue, APP_JOBS.reminders.cron);

  if (!env.REDIS_URL) {
    queue.register(APP_JOBS.sessionPruning.queue, async ({ now }) => {
      const { count } = await db.session.deleteMany({ where: { expiresAt: { lt: now } } });
      if (count) logger.info({ count }, 'expired sessions deleted');
    });
    await queue.schedule(APP_JOBS.sessionPruning.queue, APP_JOBS.sessionPruning.cron);
  }

  queue.register(APP_JOBS.telemetryPruning.queue, async ({ now }) => logger.info(await pruneTelemetry({ db, env }, now), 'telemetry retention applied'), { retryLimit: 2, retryDelaySeconds: 10 * 60 });
  await queue.schedule(APP_JOBS.telemetryPruning.queue, APP_JOBS.telemetryPruning.cron);

  queue.register(APP_JOBS.visitorPruning.queue, async ({ now }) => logger.info(await pruneVisitorWrites({ db }, now), 'visitor writes retention applied'), { retryLimit: 2, retryDelaySeconds: 10 * 60 });
  await queue.schedule(APP_JOBS.visitorPruning.queue, APP_JOBS.visitorPruning.cron);

  queue.register(
    APP_JOBS.alertEmails.queue,
    async ({ data }) => logger.info({ ...(await sendAlertEmails(context, String((data as { eventId?: unknown }).eventId))), eventId: (data as { eventId?: unknown }).eventId }, 'alert e-mails queued'),
    { retryLimit: 5, retryDelaySeconds: 60 },
  );
  if (configuredFeeds(env).length > 0) {
    queue.register(APP_JOBS.alertFeeds.queue, async ({ now }) => logger.info({ feeds: await pollAlertFeeds({ ...context, jobs: queue }, now) }, 'alert feeds polled'), { retryLimit: 2, retryDelaySeconds: 60 });
    await queue.schedule(APP_JOBS.alertFeeds.queue, APP_JOBS.alertFeeds.cron);
  }

  queue.register(APP_JOBS.imageCopies.queue, imageCopiesJob({ db, logger, blobs: createBlobStore(env) }), IMAGE_COPIES_RETRY);

  const { settings } = xeroSettings(env);
  if (settings) {
    queue.register<{ syncId?: unknown }>(
      APP_JOBS.xeroSync.queue,
      async ({ data, now, attempt }) => {
        const syncId = String(data.syncId);
        const outcome = await runXeroSync({ ...context, settings }, syncId, now, { finalTry: attempt > XERO_SYNC_RETRY.retryLimit });
        // Xero's Retry-After or our own limit: the same item again at that time, as a job of its own.
        if ('waitUntil' in outcome) await queue.enqueue(APP_JOBS.xeroSync.queue, { syncId }, { runAt: outcome.waitUntil, singletonKey: `${syncId}:${outcome.waitUntil.toISOString()}` });
        else logger.info({ syncId, ...outcome }, 'Xero sync item run');
      },
      XERO_SYNC_RETRY,
    );
  }
}
