/**
 * The mail queue against a real SMTP server that is stopped and started: a message is kept until
 * the relay takes it, sent once whatever the retries, handed over by the sweep when its hand-over
 * was cut short, and a message a person is waiting for is answered 503 and never sent later.
 * The queue is run by hand (runDueJobs) with a clock the test moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteJobQueue } from '../jobs/sqlite-job-queue';
import { startSmtpServer } from '../testing/services';
import { createTestApp, type TestApp } from '../testing/test-app';
import { AppError } from './app-error';
import { html } from './html';
import { EMAIL_SEND_RETRY, type Mailer } from './mail-queue';
import type { MailMessage } from './mailer';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailer: Mailer;
// Starts at the real time: a message's createdAt is the database's clock.
let now = new Date();
const runJobs = () => (t.context.jobs as SqliteJobQueue).runDueJobs();
const message = (subject: string, to = 'grower@example.com'): MailMessage => ({ to, subject, text: subject, html: html`<p>${subject}</p>` });
const receivedWith = (subject: string) => smtp.received.filter((mail) => mail.raw.includes(`Subject: ${subject}`));

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The app's own mailer, queue and handlers, sending to the SMTP server this test stops and starts.
  t = await createTestApp({ SMTP_URL: smtp.url }, { jobClock: () => now });
  mailer = t.context.mailer;
});
afterAll(async () => {
  await t.close();
  await smtp.dispose();
});

describe('a queued message', () => {
  it('waits out a relay that is down and is sent once when it is back, however often it is tried', async () => {
    await smtp.stop();
    await mailer.send(message('Stage update: accepted'), { key: 'stage:app1:accepted' });
    // The same key again (a request repeated) adds nothing.
    await mailer.send(message('Stage update: accepted'), { key: 'stage:app1:accepted' });
    expect(await t.db.queuedEmail.count({ where: { key: 'stage:app1:accepted' } })).toBe(1);

    await runJobs();
    const waiting = await t.db.queuedEmail.findUniqueOrThrow({ where: { key: 'stage:app1:accepted' } });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, text: 'Stage update: accepted' });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);

    await smtp.start();
    now = new Date(now.getTime() + EMAIL_SEND_RETRY.retryDelaySeconds * 1000);
    await runJobs();
    expect(receivedWith('Stage update: accepted')).toHaveLength(1);
    expect(receivedWith('Stage update: accepted')[0]!.messageId).toBe(waiting.messageId);
    // Sent: the bodies are not kept twice.
    expect(await t.db.queuedEmail.findUniqueOrThrow({ where: { key: 'stage:app1:accepted' } })).toMatchObject({ status: 'sent', text: null, html: null, attempts: 2 });

    // A job for it that comes again (a retry after a crash, a sweep) sends nothing more.
    await t.context.jobs.enqueue('email.send', { id: waiting.id });
    await runJobs();
    expect(receivedWith('Stage update: accepted')).toHaveLength(1);
  });

  it('written in a transaction whose hand-over never came, is handed over by the sweep, once', async () => {
    const id = await t.db.$transaction((tx) => mailer.send(message('Your claim CLM-1: new message'), { writer: tx, key: 'claim:1:message' }));
    await runJobs();
    expect(receivedWith('Your claim CLM-1: new message')).toHaveLength(0);
    now = new Date(now.getTime() + 60_000);
    await runJobs();
    expect(receivedWith('Your claim CLM-1: new message')).toHaveLength(1);
    expect((await t.db.queuedEmail.findUniqueOrThrow({ where: { id } })).status).toBe('sent');
  });

  it('queued many at once in a transaction, each is sent once after the hand-over; a key already taken writes none of them', async () => {
    const storm = [1, 2, 3].map((n) => ({ key: `alert:storm:${n}`, message: message(`Storm over paddock ${n}`, `grower${n}@example.com`) }));
    const ids = await t.db.$transaction((tx) => mailer.sendMany(storm, { writer: tx }));
    expect(ids).toHaveLength(3);
    await mailer.dispatch(...ids);
    await runJobs();
    expect([1, 2, 3].map((n) => receivedWith(`Storm over paddock ${n}`).map((mail) => mail.raw.includes(`grower${n}@example.com`)))).toEqual([[true], [true], [true]]);

    const again = [{ key: 'alert:storm:4', message: message('Storm over paddock 4') }, storm[0]!];
    await expect(t.db.$transaction((tx) => mailer.sendMany(again, { writer: tx }))).rejects.toThrow();
    expect(await t.db.queuedEmail.count({ where: { key: 'alert:storm:4' } })).toBe(0);
  });

  it('left sending by a worker that died is taken again once its claim has expired', async () => {
    const id = await t.db.$transaction((tx) => mailer.send(message('Payment received'), { writer: tx, key: 'payment:1' }));
    await t.db.queuedEmail.update({ where: { id }, data: { status: 'sending', claimedAt: now } });
    await mailer.dispatch(id);
    await runJobs();
    expect(receivedWith('Payment received')).toHaveLength(0);
    now = new Date(now.getTime() + 11 * 60_000);
    await runJobs();
    expect(receivedWith('Payment received')).toHaveLength(1);
  });
});

describe('a message whose use ends (a link that expires)', () => {
  it('waits out a relay that is down until its end, and is then cancelled, not sent late', async () => {
    await smtp.stop();
    const sendBy = new Date(now.getTime() + 60 * 60_000);
    const id = await mailer.send(message('Reset your password'), { key: 'reset:late', sendBy });
    await runJobs();
    expect(await t.db.queuedEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'pending', attempts: 1 });

    await smtp.start();
    now = new Date(sendBy.getTime() + 1);
    await runJobs();
    expect(receivedWith('Reset your password')).toHaveLength(0);
    expect(await t.db.queuedEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'cancelled', text: null, html: null, lastError: expect.stringContaining('Not sent: its use ended at') });
    // Done with, not failed: nothing for staff to retry.
    const { jobs } = await t.context.jobs.failedJobs({ page: 1, pageSize: 10 });
    expect(jobs.filter((job) => job.queue === 'email.send')).toEqual([]);
  });

  it('is sent as any other before its end', async () => {
    const id = await mailer.send(message('Welcome, set your password'), { key: 'welcome:in-time', sendBy: new Date(now.getTime() + 60_000) });
    await runJobs();
    expect(receivedWith('Welcome, set your password')).toHaveLength(1);
    expect(await t.db.queuedEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'sent' });
  });
});

describe('a message a person is waiting for', () => {
  it('is sent before the answer when the relay takes it', async () => {
    await mailer.sendNow(message('Your code is 123456', 'sam@example.com'), 'We could not send the code just now; try again in a minute.');
    expect(receivedWith('Your code is 123456')).toHaveLength(1);
  });

  it('is a 503 with the caller’s sentence when the relay is down, and is never sent later', async () => {
    await smtp.stop();
    const refused = await mailer.sendNow(message('Your code is 654321', 'sam@example.com'), 'We could not send the code just now; try again in a minute.').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, message: 'We could not send the code just now; try again in a minute.', headers: { 'Retry-After': '30' } });
    await expect(mailer.checkRelay('We could not send the reset link just now; try again in a minute.')).rejects.toMatchObject({ status: 503 });

    await smtp.start();
    now = new Date(now.getTime() + 60 * 60_000);
    await runJobs();
    expect(receivedWith('Your code is 654321')).toHaveLength(0);
    expect(await t.db.queuedEmail.findFirstOrThrow({ where: { subject: 'Your code is 654321' } })).toMatchObject({ status: 'cancelled', text: null });
    await expect(mailer.checkRelay('unused')).resolves.toBeUndefined();
  });
});

it('that still fails after its last try is a failed job for staff to see and retry', async () => {
  await smtp.stop();
  await mailer.send(message('Invoice INV-9 issued'), { key: 'invoice:9' });
  for (let attempt = 0; attempt <= EMAIL_SEND_RETRY.retryLimit; attempt += 1) {
    await runJobs();
    now = new Date(now.getTime() + EMAIL_SEND_RETRY.retryDelaySeconds * 1000 * 2 ** attempt);
  }
  const { jobs } = await t.context.jobs.failedJobs({ page: 1, pageSize: 10 });
  const failed = jobs.find((job) => job.queue === 'email.send');
  expect(failed).toMatchObject({ attempts: EMAIL_SEND_RETRY.retryLimit + 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
  expect(await t.context.jobs.failuresSince(new Date(0))).toEqual(expect.arrayContaining([expect.objectContaining({ queue: 'email.send', count: 1 })]));

  await smtp.start();
  expect(await t.context.jobs.retry('email.send', failed!.id)).toBe(true);
  await runJobs();
  expect(receivedWith('Invoice INV-9 issued')).toHaveLength(1);
});
