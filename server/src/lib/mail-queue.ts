/**
 * Every e-mail goes through the job queue (docs/operations.md, "E-mail"), so a relay that is down
 * for an hour delays mail and loses none:
 * - send() writes the message to QueuedEmail (in the caller's transaction when it passes one) and
 *   hands it to the email.send job, which sends it with retries and back-off;
 * - a key makes each message once: queuing the same key again adds nothing, and the worker claims a
 *   message before sending it, so two workers never send it both;
 * - the email.sweep job hands over, every minute, what was written but never handed over (a
 *   transaction's messages whose hand-over was cut short), and deletes old records;
 * - sendNow() is for what a person is waiting for on the page (a code, a reset link): tried at once,
 *   and if the relay does not take it the caller answers 503 with its own sentence, and the message
 *   is cancelled, not sent later, since the person was told to ask again.
 */
import { randomUUID } from 'node:crypto';
import type { Database, DatabaseWriter } from '../db/client';
import { errorMessage, type JobQueue } from './job-queue';
import { htmlString } from './html';
import type { Logger } from './logger';
import type { MailMessage, MailTransport } from './mailer';
import { outage } from './outages';

export const EMAIL_SEND_QUEUE = 'email.send';
export const EMAIL_SWEEP_QUEUE = 'email.sweep';
export const EMAIL_SWEEP_CRON = '* * * * *';
/** 15 s doubling: ten retries span about four and a quarter hours, past a relay's long outage, before staff are alerted. */
export const EMAIL_SEND_RETRY = { retryLimit: 10, retryDelaySeconds: 15 };
/** A message claimed this long ago by a worker that never finished is claimed again. */
const SENDING_EXPIRY_MS = 10 * 60 * 1000;
/** Written but not handed over after this long: the sweep hands it over. */
const HAND_OVER_GRACE_MS = 30 * 1000;
/** Sent and cancelled records are kept this long (who was sent what, when), then deleted. */
const RECORD_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export interface Mailer {
  /**
   * Queues the message; answers its id. With `writer` (a transaction), it is written there and the
   * caller hands it over with dispatch() once the transaction has committed; without, it is handed
   * over at once. `key` names the message once (e.g. `application-confirmation:<id>`); without one
   * the message is its own. `sendBy` is when what it carries stops working (a link's expiry): a
   * relay still down then, it is cancelled rather than sent late.
   */
  send(message: MailMessage, options?: { key?: string; writer?: DatabaseWriter; sendBy?: Date }): Promise<string>;
  /**
   * Queues many messages, each under its own new key, in one statement of the caller's transaction;
   * answers their ids in order, for dispatch() after the commit. A key already taken fails it all (a
   * unique violation): the caller then queues them one by one with send().
   */
  sendMany(messages: ReadonlyArray<{ message: MailMessage; key: string }>, options: { writer: DatabaseWriter }): Promise<string[]>;
  /** Hands queued messages to the job queue; what is not handed over, the sweep hands over within a minute. */
  dispatch(...ids: string[]): Promise<void>;
  /** Sends at once what a person is waiting for; a relay that does not take it is a 503 with `unavailable`, the caller's sentence. */
  sendNow(message: MailMessage, unavailable: string): Promise<void>;
  /** A 503 with `unavailable` unless the relay answers: for a request that must look the same whether or not it sends anything. */
  checkRelay(unavailable: string): Promise<void>;
}

interface Dependencies {
  db: Database;
  jobs: JobQueue;
  transport: MailTransport;
  logger: Logger;
  /** MAIL_FROM, whose domain names every Message-ID. */
  from: string;
}

export function createMailer({ db, jobs, transport, logger, from }: Dependencies): Mailer {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  const record = (message: MailMessage, key: string, status: 'pending' | 'sending', sendBy?: Date) => {
    const id = randomUUID();
    return {
      id,
      key,
      messageId: `<${id}@${domain}>`,
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: htmlString(message.html),
      replyTo: message.replyTo ?? null,
      status,
      sendBy: sendBy ?? null,
      ...(status === 'sending' ? { claimedAt: new Date(), attempts: 1 } : {}),
    };
  };
  const write = (writer: DatabaseWriter, message: MailMessage, key: string, status: 'pending' | 'sending', sendBy?: Date) =>
    writer.queuedEmail.upsert({ where: { key }, create: record(message, key, status, sendBy), update: {}, select: { id: true, messageId: true } });
  const dispatch = async (...ids: string[]) => {
    for (const id of ids) {
      // Not handed over now (the database went away after the commit), the sweep hands it over.
      await jobs.enqueue(EMAIL_SEND_QUEUE, { id }, { singletonKey: id }).catch((error: unknown) => logger.warn({ err: error, emailId: id }, 'queued e-mail not handed over; the sweep will'));
    }
  };
  return {
    async send(message, { key = `message:${randomUUID()}`, writer, sendBy } = {}) {
      const { id } = await write(writer ?? db, message, key, 'pending', sendBy);
      if (!writer) await dispatch(id);
      return id;
    },
    async sendMany(messages, { writer }) {
      const records = messages.map(({ message, key }) => record(message, key, 'pending'));
      await writer.queuedEmail.createMany({ data: records });
      return records.map(({ id }) => id);
    },
    dispatch,
    async sendNow(message, unavailable) {
      const { id, messageId } = await write(db, message, `message:${randomUUID()}`, 'sending');
      try {
        await transport.send({ to: message.to, subject: message.subject, text: message.text, html: htmlString(message.html), ...(message.replyTo ? { replyTo: message.replyTo } : {}), messageId });
      } catch (error) {
        logger.warn({ err: error, emailId: id }, 'an e-mail a person is waiting for could not be sent; they are asked to try again');
        await db.queuedEmail.update({ where: { id }, data: { status: 'cancelled', lastError: errorMessage(error), text: null, html: null } });
        throw outage('mail', unavailable);
      }
      await markSent(db, id);
    },
    async checkRelay(unavailable) {
      await transport.verify().catch((error: unknown) => {
        logger.warn({ err: error }, 'the mail relay does not answer');
        throw outage('mail', unavailable);
      });
    },
  };
}

type WrittenIds = string | null | ReadonlyArray<string | null>;

/**
 * The e-mails a service's transaction writes through a hook: `write` is the hook (it queues the
 * messages in that transaction and answers their ids, or null for none), `dispatch` hands them to the
 * mail queue once the transaction has committed.
 */
export function writtenInTransaction<Args extends unknown[]>(mailer: Mailer, queue: (tx: DatabaseWriter, ...args: Args) => Promise<WrittenIds>) {
  let emailIds: string[] = [];
  return {
    write: async (tx: DatabaseWriter, ...args: Args) => {
      const written = await queue(tx, ...args);
      emailIds = (Array.isArray(written) ? written : [written]).filter((id): id is string => id !== null);
    },
    dispatch: async () => {
      if (emailIds.length > 0) await mailer.dispatch(...emailIds);
    },
  };
}

const markSent = (db: Database, id: string) => db.queuedEmail.update({ where: { id }, data: { status: 'sent', sentAt: new Date(), text: null, html: null, replyTo: null, lastError: null } });

/**
 * The email.send job: claims the message (pending, or left sending by a worker that died), sends it
 * and marks it sent. A send that fails puts it back to pending and throws, so the queue tries again
 * with back-off; after the last try the job is failed for staff to see (and retry) on the
 * background jobs page and in the system alerts. A message past its `sendBy` is cancelled instead:
 * a link that no longer works would only mislead.
 */
export async function deliverQueuedEmail({ db, transport }: Pick<Dependencies, 'db' | 'transport'>, id: string, now: Date): Promise<'sent' | 'too late' | 'already handled' | 'not found'> {
  const claimed = await db.queuedEmail.updateMany({
    where: { id, OR: [{ status: 'pending' }, { status: 'sending', claimedAt: { lt: new Date(now.getTime() - SENDING_EXPIRY_MS) } }] },
    data: { status: 'sending', claimedAt: now, attempts: { increment: 1 } },
  });
  if (claimed.count === 0) {
    const found = await db.queuedEmail.findUnique({ where: { id }, select: { status: true } });
    if (!found) return 'not found';
    // Another worker has it now; if that worker dies, a later try claims it once its claim has expired.
    if (found.status === 'sending') throw new Error('Being sent by another worker; tried again later.');
    return 'already handled';
  }
  const row = await db.queuedEmail.findUniqueOrThrow({ where: { id } });
  if (row.sendBy && row.sendBy <= now) {
    await db.queuedEmail.update({ where: { id }, data: { status: 'cancelled', text: null, html: null, replyTo: null, lastError: `Not sent: its use ended at ${row.sendBy.toISOString()}.` } });
    return 'too late';
  }
  try {
    await transport.send({ to: row.toAddress, subject: row.subject, text: row.text ?? '', html: row.html ?? '', ...(row.replyTo ? { replyTo: row.replyTo } : {}), messageId: row.messageId });
  } catch (error) {
    await db.queuedEmail.update({ where: { id }, data: { status: 'pending', lastError: errorMessage(error) } });
    throw error;
  }
  await markSent(db, id);
  return 'sent';
}

/** The email.sweep job: hands over what was written but never handed over, and deletes old records. */
export async function sweepQueuedEmail({ db, jobs }: Pick<Dependencies, 'db' | 'jobs'>, now: Date): Promise<{ handedOver: number; deleted: number }> {
  const waiting = await db.queuedEmail.findMany({
    where: { status: 'pending', createdAt: { lt: new Date(now.getTime() - HAND_OVER_GRACE_MS) } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take: 1000,
  });
  let handedOver = 0;
  // A message whose job exists already (waiting to retry, or failed for staff to see) keeps it: its key refuses a second.
  for (const { id } of waiting) if (await jobs.enqueue(EMAIL_SEND_QUEUE, { id }, { singletonKey: id })) handedOver += 1;
  const { count: deleted } = await db.queuedEmail.deleteMany({ where: { status: { in: ['sent', 'cancelled'] }, createdAt: { lt: new Date(now.getTime() - RECORD_RETENTION_MS) } } });
  return { handedOver, deleted };
}

/** Registers the two mail jobs; called by registerAppJobs and by the test app. */
export async function registerMailJobs(jobs: JobQueue, dependencies: Pick<Dependencies, 'db' | 'transport' | 'logger'>): Promise<void> {
  const { logger } = dependencies;
  jobs.register<{ id?: unknown }>(
    EMAIL_SEND_QUEUE,
    async ({ data, now }) => {
      const outcome = await deliverQueuedEmail(dependencies, String(data.id), now);
      if (outcome === 'not found') logger.warn({ emailId: data.id }, 'queued e-mail not found (its transaction did not commit)');
    },
    EMAIL_SEND_RETRY,
  );
  jobs.register(EMAIL_SWEEP_QUEUE, async ({ now }) => {
    const swept = await sweepQueuedEmail({ db: dependencies.db, jobs }, now);
    if (swept.handedOver || swept.deleted) logger.info(swept, 'queued e-mail swept');
  });
  await jobs.schedule(EMAIL_SWEEP_QUEUE, EMAIL_SWEEP_CRON);
}
