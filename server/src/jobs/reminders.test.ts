import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMailSent } from '../testing/accounts';
import { createApplication, createDashboardWorld } from '../testing/dashboard-fixtures';
import { APP_JOBS, registerAppJobs } from './app-jobs';
import { sendDueReminders } from './reminders';
import { SqliteJobQueue } from './sqlite-job-queue';

let world: Awaited<ReturnType<typeof createDashboardWorld>>;
/** A Perth wall-clock time as the instant it is. */
const perth = (text: string) => new Date(`${text}+08:00`);

/** Subjects of the e-mails in the outbox to one address, oldest first, once the mail queue has sent them. */
async function subjectsTo(address: string): Promise<string[]> {
  await allMailSent(world.t);
  const dir = world.t.env.MAIL_OUTBOX_DIR;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((text) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text))
    .map((text) => /^Subject: (.*)$/m.exec(text)?.[1] ?? '');
}

beforeAll(async () => {
  world = await createDashboardWorld();
});
afterAll(async () => {
  await world.t.close();
});

describe('payment and renewal reminders', () => {
  it('reminds of each invoice a week before it is due, once, however often the job runs', async () => {
    // The member's accepted application has its invoices issued on 1 May 2026: due 15 May.
    const invoices = await world.t.db.invoice.findMany({ where: { userId: world.users.member.id }, orderBy: { number: 'asc' } });
    expect(invoices.length).toBeGreaterThan(0);

    expect(await sendDueReminders(world.t.context, perth('2026-05-07T08:00:00'))).toEqual({ queued: 0 });
    expect(await sendDueReminders(world.t.context, perth('2026-05-08T08:00:00'))).toEqual({ queued: invoices.length });
    expect((await subjectsTo('grower@example.com')).sort()).toEqual(invoices.map((invoice) => `Reminder: payment due 15 May 2026 (invoice ${invoice.number})`).sort());

    // Later the same day, and on the next days of the week before: nothing new.
    await sendDueReminders(world.t.context, perth('2026-05-08T15:00:00'));
    await sendDueReminders(world.t.context, perth('2026-05-12T08:00:00'));
    expect(await subjectsTo('grower@example.com')).toHaveLength(invoices.length);
    const sent = await world.t.db.sentReminder.findMany({ select: { key: true, sentOn: true, userId: true } });
    expect(sent.map((row) => row.key).sort()).toEqual(invoices.map((invoice) => `payment_due_soon:${invoice.id}:2026-05-15`).sort());
    expect(sent.every((row) => row.sentOn === '2026-05-08' && row.userId === world.users.member.id)).toBe(true);
  });

  it('sends the overdue reminder once even when two servers run the job at the same moment', async () => {
    const invoices = await world.t.db.invoice.count({ where: { userId: world.users.member.id } });
    const before = (await subjectsTo('grower@example.com')).length;
    const at = perth('2026-05-16T08:00:00');
    const results = await Promise.all([sendDueReminders(world.t.context, at), sendDueReminders(world.t.context, at), sendDueReminders(world.t.context, at)]);
    expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe(invoices);
    const overdue = (await subjectsTo('grower@example.com')).slice(before);
    expect(overdue).toHaveLength(invoices);
    expect(overdue.every((subject) => / is overdue$/.test(subject))).toBe(true);
  });

  it('sends no payment reminders to a member who turned them off, and stops once an invoice is paid', async () => {
    const application = await createApplication(world.t.db, world.users.other.id, { status: 'accepted', submittedAt: new Date('2026-05-01T02:00:00Z') });
    await world.t.db.memberPreference.create({ data: { userId: world.users.other.id, paymentReminders: false } });
    await sendDueReminders(world.t.context, perth('2026-05-09T08:00:00'));
    expect(await subjectsTo('other@example.com')).toEqual([]);

    // Turned on again, but paid in full: nothing is owed, so nothing is said.
    await world.t.db.memberPreference.update({ where: { userId: world.users.other.id }, data: { paymentReminders: true } });
    for (const invoice of await world.t.db.invoice.findMany({ where: { applicationId: application.id } })) {
      await world.t.db.invoicePayment.create({
        data: { invoiceId: invoice.id, receiptNumber: `RCT-${invoice.number}`, amountCents: invoice.totalCents, receivedOn: '2026-05-05', method: 'bank_transfer', recordedById: world.users.admin.id },
      });
    }
    await sendDueReminders(world.t.context, perth('2026-05-10T08:00:00'));
    expect(await subjectsTo('other@example.com')).toEqual([]);
  });

  it('reminds of renewal in the month before an active protection ends, in the layout every e-mail has', async () => {
    await world.t.db.protectionApplication.update({ where: { id: world.accepted.id }, data: { status: 'active' } });
    await sendDueReminders(world.t.context, perth('2027-03-01T08:00:00'));
    await sendDueReminders(world.t.context, perth('2027-03-02T08:00:00'));
    expect((await subjectsTo('grower@example.com')).filter((subject) => subject.startsWith('Your 2026 protection'))).toEqual(['Your 2026 protection ends on 31 Mar 2027']);
    const message = readFileSync(join(world.t.env.MAIL_OUTBOX_DIR, readdirSync(world.t.env.MAIL_OUTBOX_DIR).sort().at(-1)!), 'utf8');
    expect(message).toContain('Grain Growers Mutual');
    expect(message).toContain('It is not insurance.');
    expect(message).toContain('/dashboard/settings');
    // Its button leads to the dashboard's renewal card.
    expect(message).toContain('/dashboard#renewal');
  });
});

describe.skipIf(process.env.TEST_DATABASE === 'postgresql')('the reminder job on the queue', () => {
  it('runs at 8 am Perth time and once per day', async () => {
    let now = perth('2026-05-20T07:00:00');
    const queue = new SqliteJobQueue({ db: world.t.db, logger: world.t.context.logger, clock: () => now });
    await registerAppJobs(queue, world.t.context);
    // A new schedule runs once at start; the next run is 8 am.
    await queue.runDueJobs();
    expect(await world.t.db.backgroundJobSchedule.findUniqueOrThrow({ where: { queue: APP_JOBS.reminders.queue } })).toMatchObject({ nextRunAt: perth('2026-05-20T08:00:00') });
    now = perth('2026-05-20T08:00:05');
    await queue.runDueJobs();
    await queue.runDueJobs();
    const runs = await world.t.db.backgroundJob.findMany({ where: { queue: APP_JOBS.reminders.queue } });
    expect(runs.map((run) => run.state)).toEqual(['completed', 'completed']);
    expect(await world.t.db.backgroundJobSchedule.findUniqueOrThrow({ where: { queue: APP_JOBS.reminders.queue } })).toMatchObject({ nextRunAt: perth('2026-05-21T08:00:00') });
  });
});
