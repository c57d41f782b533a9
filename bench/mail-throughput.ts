// Mail through the queue (docs/operations.md, "E-mail"): 1,000 messages queued at once to a local
// SMTP server, the time until the last is delivered, and that none arrived twice. Run on the
// embedded SQLite database (the in-process runner) and on PostgreSQL (pg-boss) when it answers at
// TEST_POSTGRES_URL (default the local server).
//   npm run bench -- mail-throughput      (BENCH_MAILS to change the number of messages)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client';
import { createJobQueue } from '../server/src/jobs/create-job-queue';
import { html } from '../server/src/lib/html';
import { createLogger } from '../server/src/lib/logger';
import { createMailer, registerMailJobs } from '../server/src/lib/mail-queue';
import { createMailTransport } from '../server/src/lib/mailer';
import { startSmtpServer, waitUntil } from '../server/src/testing/services';

const MESSAGES = Number(process.env['BENCH_MAILS'] ?? 1000);
/** The queue must drain 1,000 messages within a minute on either database. */
const TARGET_SECONDS = 60;
const POSTGRES_ADMIN_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const logger = createLogger('warn');

async function drain(label: string, databaseUrl: string): Promise<boolean> {
  const smtp = await startSmtpServer();
  const db = await openDatabase(databaseUrl);
  const jobs = createJobQueue({ databaseUrl, db, logger });
  const transport = createMailTransport({ smtpUrl: smtp.url, from: 'Grain Growers Mutual <no-reply@grainmutual.example>', outboxDir: tmpdir(), logger });
  const mailer = createMailer({ db, jobs, transport, logger, from: 'no-reply@grainmutual.example' });
  await registerMailJobs(jobs, { db, transport, logger });
  await jobs.start();
  try {
    const started = performance.now();
    for (let index = 0; index < MESSAGES; index += 1) {
      await mailer.send({ to: `grower${index}@example.com`, subject: `Message ${index}`, text: `Message ${index}`, html: html`<p>Message ${String(index)}</p>` }, { key: `bench:${index}` });
    }
    const queuedIn = (performance.now() - started) / 1000;
    await waitUntil(`${MESSAGES} messages delivered`, () => smtp.received.length >= MESSAGES, 5 * 60_000);
    const seconds = (performance.now() - started) / 1000;
    // A moment more, so a duplicate still in flight would be counted.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const twice = smtp.received.length - new Set(smtp.received.map((mail) => mail.messageId)).size;
    const unsent = await db.queuedEmail.count({ where: { status: { not: 'sent' } } });
    console.log(
      `${label}: ${MESSAGES} messages queued in ${queuedIn.toFixed(1)} s, all delivered in ${seconds.toFixed(1)} s (${(MESSAGES / seconds).toFixed(0)} a second); delivered twice: ${twice}; not marked sent: ${unsent} (target: within ${TARGET_SECONDS} s, none twice)`,
    );
    return seconds <= TARGET_SECONDS && twice === 0 && unsent === 0 && smtp.received.length === MESSAGES;
  } finally {
    await jobs.stop();
    await db.$disconnect();
    await smtp.dispose();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-mail-'));
let met = true;
try {
  met = (await drain('SQLite, in-process runner', `file:${join(dir, 'mail.db')}`)) && met;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (reachable) {
    const name = `bench_mail_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      met = (await drain('PostgreSQL, pg-boss', POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`))) && met;
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
  } else console.log(`PostgreSQL does not answer at ${POSTGRES_ADMIN_URL}: measured on SQLite only.`);
  await admin.end().catch(() => undefined);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = met ? 0 : 1;
