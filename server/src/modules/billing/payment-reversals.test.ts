import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceListSchema, type StaffInvoiceView, staffInvoiceListSchema } from '@shared/contracts/dashboard';
import { PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS } from '@shared/domain/billing/payments';
import { perthToday } from '@shared/perth-time';
import { formatLongDate } from '@shared/format';
import { createBlobStore } from '../../lib/blob-store';
import { repositoryRoot } from '../../lib/paths';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { extractPdfText } from '../../testing/pdf-text';
import { refuseWritesOf } from '../../testing/refuse-writes';
import type { SqliteJobQueue } from '../../jobs/sqlite-job-queue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { PAYMENT_AUDIT_ACTION, findInvoice } from './invoices.service';
import { PAYMENT_REVERSAL_REJECTED_AUDIT_ACTION, PAYMENT_REVERSAL_REQUESTED_AUDIT_ACTION, PAYMENT_REVERSED_AUDIT_ACTION, reversePayment } from './payment-reversals.service';

// Staff record payments and undo mistaken ones (docs/dashboard.md 'Recording and reversing payments'):
// through the real routes, with Xero configured (not connected: its jobs are queued, never run here).

let t: TestApp;
let member: { id: string; email: string };
let ada: { id: string }, sam: { id: string };
let admin: TestAgent, second: TestAgent, memberAgent: TestAgent, broker: TestAgent;
const today = perthToday();

/** The e-mails to `address` whose subject matches, once the mail queue (run here by hand) has sent what was written. */
const mailsTo = async (address: string, subject: RegExp) => {
  await (t.context.jobs as SqliteJobQueue).runDueJobs();
  return readdirSync(t.env.MAIL_OUTBOX_DIR)
    .sort()
    .map((file) =>
      readFileSync(join(t.env.MAIL_OUTBOX_DIR, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((mail) => mail.includes(`To: ${address}`) && subject.test(mail));
};
const stageOf = async (applicationId: string) =>
  ((await memberAgent.get('/api/dashboard/protections').expect(200)).body.protections as Array<{ id: string; stage: string }>).find((p) => p.id === applicationId)?.stage;
const staffInvoices = async (agent: TestAgent) => staffInvoiceListSchema.parse((await agent.get(`/api/admin/invoices?memberId=${member.id}`).expect(200)).body).invoices;
const invoiceOf = async (agent: TestAgent, id: string): Promise<StaffInvoiceView> => (await staffInvoices(agent)).find((invoice) => invoice.id === id)!;
const pay = (invoiceId: string, amountDollars: string | number, reference = 'EFT 77') => admin.post(`/api/invoices/${invoiceId}/payments`).send({ amountDollars, receivedOn: today, method: 'eft', reference });
const reversal = (agent: TestAgent, invoiceId: string, paymentId: string, step = '') => agent.post(`/api/invoices/${invoiceId}/payments/${paymentId}/reversal${step}`);

let accepted: { id: string };
let fee: { id: string; number: string; totalCents: number };

beforeAll(async () => {
  t = await createTestApp(
    {
      RATE_LIMITS: 'signInPerAccount=200/15m,signInPerAddress=200/15m',
      BLOB_DIR: mkdtempSync(join(repositoryRoot, '.tmp', 'blobs-')),
      XERO_CLIENT_ID: 'client-123',
      XERO_CLIENT_SECRET: 'secret-456',
      XERO_REDIRECT_URI: 'http://127.0.0.1:3000/api/admin/xero/callback',
      XERO_TOKEN_KEY: 'xero-token-key-for-tests',
    },
    // Jobs wait on a clock that never moves: queued, and never run.
    { jobClock: () => new Date('2000-01-01T00:00:00Z') },
  );
  member = await createTestUser(t.db, { email: 'payer@example.com', firstName: 'Jo', lastName: 'Grower' });
  const brokerUser = await createTestUser(t.db, { email: 'broker@example.com', isBroker: true });
  await t.db.user.update({ where: { id: member.id }, data: { brokerId: brokerUser.id } });
  ada = await createTestUser(t.db, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Admin', isAdmin: true });
  sam = await createTestUser(t.db, { email: 'sam@example.com', firstName: 'Sam', lastName: 'Second', isAdmin: true });
  admin = await signedInAgent(t.app, 'ada@example.com');
  second = await signedInAgent(t.app, 'sam@example.com');
  memberAgent = await signedInAgent(t.app, 'payer@example.com');
  broker = await signedInAgent(t.app, 'broker@example.com');
  accepted = await createApplication(t.db, member.id, { status: 'accepted', premium: 4000 });
  fee = (await t.db.invoice.findFirstOrThrow({ where: { applicationId: accepted.id, kind: 'membership_fee' } }))!;
});
afterAll(() => t?.close());

describe('recording a payment', () => {
  it('takes the amount as staff type it in dollars, refuses a future day and more than is owed beside their fields, and tells the member they are protected', async () => {
    const refused = await admin.post(`/api/invoices/${fee.id}/payments`).send({ amountDollars: '5.5.0', receivedOn: '2999-01-01', method: 'eft' }).expect(400);
    expect(refused.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'amountDollars', message: 'Enter the amount in dollars and cents, such as 4,800.00' },
        { path: 'receivedOn', message: 'The day the money arrived cannot be after today' },
      ]),
    );
    const tooMuch = await pay(fee.id, '550.01').expect(400);
    expect(tooMuch.body.issues).toEqual([{ path: 'amountDollars', message: 'Only $550.00 is outstanding on this invoice.' }]);
    expect(await stageOf(accepted.id)).toBe('invoiced');

    const paid = await pay(fee.id, '$550.00').expect(201);
    expect(paid.body.invoice).toMatchObject({ status: 'paid', paidCents: 55_000, outstandingCents: 0 });
    expect(paid.body.invoice.payments[0]).toMatchObject({ amountCents: 55_000, method: 'eft', reference: 'EFT 77', reversal: null });
    expect(await stageOf(accepted.id)).toBe('protected');
    expect(await t.db.auditLog.count({ where: { action: PAYMENT_AUDIT_ACTION, customerId: member.id } })).toBe(1);

    const [mail] = await mailsTo(member.email, /Subject: Payment received: \$550\.00, receipt RCT-2026-00001/);
    expect(mail).toContain('Receipt: RCT-2026-00001');
    expect(mail).toContain('Still to pay on it: $0.00');
    expect(mail).toContain('Where it is up to: Protected');
    expect(mail).toContain(`You are protected from ${formatLongDate(today)} to ${formatLongDate('2027-03-31')}: Hail, Fire & Lightning protection for the 2026 season.`);
    expect(mail).toContain('/dashboard/payments');

    // Staff see who recorded it.
    const staffView = await invoiceOf(admin, fee.id);
    expect(staffView.payments[0]).toMatchObject({ receiptNumber: 'RCT-2026-00001', recordedBy: 'Ada Admin', pendingReversal: null, reversal: null });
    // Members and brokers do not read the staff list.
    await memberAgent.get(`/api/admin/invoices?memberId=${member.id}`).expect(403);
    await broker.get(`/api/admin/invoices?memberId=${member.id}`).expect(403);
  });
});

describe('reversing a payment up to the threshold', () => {
  it('is done by one member of staff at once: the row kept and marked, audited, the balance and the stage back, Xero asked to delete it, the member told', async () => {
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { invoiceId: fee.id } });
    expect(payment.amountCents).toBeLessThanOrEqual(PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS);
    // The receipt as first drawn, kept; the reversal sets it aside to be drawn again.
    await memberAgent.get(`/api/invoices/${fee.id}/payments/${payment.id}/receipt`).expect(200);
    expect((await t.db.invoicePayment.findUniqueOrThrow({ where: { id: payment.id } })).receiptFileId).not.toBeNull();

    // Who may not: a member, a broker; and a reason is needed.
    await reversal(memberAgent, fee.id, payment.id).send({ reason: 'Bank returned the transfer' }).expect(403);
    await reversal(broker, fee.id, payment.id).send({ reason: 'Bank returned the transfer' }).expect(403);
    expect((await reversal(admin, fee.id, payment.id).send({ reason: 'no' }).expect(400)).body.issues).toEqual([{ path: 'reason', message: 'Say why the payment is reversed, in at least 5 characters' }]);
    await reversal(admin, fee.id, 'no-such-payment').send({ reason: 'Bank returned the transfer' }).expect(404);

    const done = await reversal(admin, fee.id, payment.id).send({ reason: 'Bank returned the transfer' }).expect(200);
    expect(done.body).toEqual({ outcome: 'reversed', message: 'Receipt RCT-2026-00001 ($550.00) is reversed and no longer counts towards ' + fee.number + '.' });

    const row = await t.db.invoicePayment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(row).toMatchObject({ receiptNumber: 'RCT-2026-00001', reversedById: ada.id, reversalReason: 'Bank returned the transfer', reversalRequestedById: ada.id, receiptFileId: null });
    expect(row.reversedAt).toBeInstanceOf(Date);
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: PAYMENT_REVERSED_AUDIT_ACTION, customerId: member.id } });
    expect(audit.actorId).toBe(ada.id);
    expect(audit.details).toMatchObject({ receiptNumber: 'RCT-2026-00001', amountCents: 55_000, reason: 'Bank returned the transfer', reversedById: ada.id, invoiceNumber: fee.number });

    // The member's view: nothing paid, the payment marked reversed, the stage back to invoiced.
    const { invoices } = invoiceListSchema.parse((await memberAgent.get('/api/invoices').expect(200)).body);
    const mine = invoices.find((invoice) => invoice.id === fee.id)!;
    // Issued in May and nothing counts as paid now: overdue, so its option is fixed for that reason, not for the payment.
    expect(mine).toMatchObject({ paidCents: 0, outstandingCents: 55_000, status: 'overdue', optionFixed: 'The invoice is overdue, so the option is fixed: call us if you need more time to pay.' });
    expect(mine.payments[0]!.reversal).toEqual({ on: today, reason: 'Bank returned the transfer' });
    expect(await stageOf(accepted.id)).toBe('invoiced');
    expect((await invoiceOf(admin, fee.id)).payments[0]!.reversal).toEqual({ on: today, reason: 'Bank returned the transfer', by: 'Ada Admin' });

    // The receipt says so.
    const receipt = await memberAgent.get(mine.payments[0]!.receiptUrl).buffer(true).expect(200);
    const text = (await extractPdfText(receipt.body as Buffer)).replace(/\s+/g, ' ');
    expect(text).toContain(`Reversed on ${formatLongDate(today)}: Bank returned the transfer`);
    expect(text).toContain('Balance of the invoice now $550.00');

    // Xero: the payment's deletion is queued through the sync (after the payment itself).
    const sync = await t.db.xeroSync.findUniqueOrThrow({ where: { kind_localId: { kind: 'payment_reversal', localId: payment.id } } });
    expect(sync).toMatchObject({ state: 'pending', label: `RCT-2026-00001 on ${fee.number}` });
    const jobs = await t.db.backgroundJob.findMany({ where: { queue: 'xero.sync' } });
    expect(jobs.map((job) => (job.data as { syncId: string }).syncId)).toContain(sync.id);

    // The member is told why, and where the application now stands.
    const [mail] = await mailsTo(member.email, /Subject: Payment reversed: receipt RCT-2026-00001/);
    expect(mail).toContain('Why: Bank returned the transfer');
    expect(mail).toContain('Still to pay on it: $550.00');
    expect(mail).toContain('Where it is up to: Invoiced');
    expect(mail).toContain('Accepted and invoiced. Protection starts when your first payment reaches us.');

    // Once only; and the receipt number is never reused.
    expect((await reversal(second, fee.id, payment.id).send({ reason: 'Bank returned the transfer' }).expect(409)).body.error).toBe('payment_reversed');
    const again = await pay(fee.id, 550).expect(201);
    expect(again.body.invoice.payments.map((p: { receiptNumber: string }) => p.receiptNumber).sort()).toEqual(['RCT-2026-00001', 'RCT-2026-00002']);
    expect(await stageOf(accepted.id)).toBe('protected');
  });

  it('keeps nothing of a reversal whose audit entry cannot be written', async () => {
    const invoice = (await findInvoice(t.db, fee.id))!;
    const payment = invoice.payments.find((p) => p.reversedAt === null)!;
    const lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'AuditLog', 'INSERT');
    try {
      await expect(reversePayment(t.db, createBlobStore(t.env), invoice, payment, { actorId: ada.id, reason: 'Typed against the wrong invoice' })).rejects.toThrow();
    } finally {
      await lift();
    }
    expect(await t.db.invoicePayment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ reversedAt: null, reversalReason: null });
  });
});

/** What the admin bell counts as waiting for a second person, and the applications its link lists. */
async function waitingForASecondPerson() {
  const bell = await admin.get('/api/admin/notifications/count').expect(200);
  const list = await admin.get('/api/admin/applications?awaiting=reversal_approval').expect(200);
  return { count: bell.body.attention.reversalsAwaitingApproval, applications: list.body.applications.map((application: { id: string }) => application.id) };
}

describe('reversing a payment above the threshold', () => {
  it('waits for a second person: the payment counts meanwhile, the one who asked cannot approve it, another can', async () => {
    // A larger application: its contribution is $12,000, above the $5,000 one person may reverse.
    const large = await createApplication(t.db, member.id, { status: 'accepted', premium: 10_000, coverageType: 'hail' });
    const contribution = await t.db.invoice.findFirstOrThrow({ where: { applicationId: large.id, kind: 'contribution' } });
    expect(contribution.totalCents).toBe(1_200_000);
    await pay(contribution.id, '12,000.00', 'CHQ 001234').expect(201);
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { invoiceId: contribution.id } });
    expect(await stageOf(large.id)).toBe('protected');

    const asked = await reversal(admin, contribution.id, payment.id).send({ reason: 'Cheque dishonoured by the bank' }).expect(202);
    expect(asked.body.outcome).toBe('requested');
    expect(asked.body.message).toContain('needs a second person');
    expect(await t.db.auditLog.count({ where: { action: PAYMENT_REVERSAL_REQUESTED_AUDIT_ACTION, actorId: ada.id } })).toBe(1);
    // Nothing is reversed yet: the payment counts, the member stays protected, Xero is not asked.
    expect(await stageOf(large.id)).toBe('protected');
    expect((await invoiceOf(admin, contribution.id)).paidCents).toBe(1_200_000);
    expect(await t.db.xeroSync.count({ where: { kind: 'payment_reversal', localId: payment.id } })).toBe(0);
    // One request at a time.
    expect((await reversal(second, contribution.id, payment.id).send({ reason: 'Cheque dishonoured' }).expect(409)).body.error).toBe('payment_reversal_pending');
    // Staff's bell counts it, and its link lists the application it waits on.
    expect(await waitingForASecondPerson()).toEqual({ count: 1, applications: [large.id] });

    // The list says who may approve.
    expect((await invoiceOf(admin, contribution.id)).payments[0]!.pendingReversal).toMatchObject({
      reason: 'Cheque dishonoured by the bank',
      requestedBy: 'Ada Admin',
      mine: true,
      refusal: 'You asked for the reversal of receipt RCT-2026-00003, so a second administrator must approve it (maker-checker).',
    });
    expect((await invoiceOf(second, contribution.id)).payments[0]!.pendingReversal).toMatchObject({ mine: false, refusal: null });

    // The one who asked is refused; the payment still counts.
    const self = await reversal(admin, contribution.id, payment.id, '/approve').send({}).expect(403);
    expect(self.body).toMatchObject({ error: 'self_approval', message: 'You asked for the reversal of receipt RCT-2026-00003, so a second administrator must approve it (maker-checker).' });
    expect(await stageOf(large.id)).toBe('protected');

    // A second person approves: reversed, audited with both people and what the rule weighed.
    const approved = await reversal(second, contribution.id, payment.id, '/approve').send({ note: 'Bank letter seen' }).expect(200);
    expect(approved.body.outcome).toBe('reversed');
    expect(await t.db.invoicePayment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ reversedById: sam.id, reversalRequestedById: ada.id, reversalReason: 'Cheque dishonoured by the bank' });
    const audit = (await t.db.auditLog.findMany({ where: { action: PAYMENT_REVERSED_AUDIT_ACTION } })).find((entry) => (entry.details as { paymentId?: string }).paymentId === payment.id)!;
    expect(audit.actorId).toBe(sam.id);
    expect(audit.details).toMatchObject({ amountCents: 1_200_000, requestedById: ada.id, reversedById: sam.id, note: 'Bank letter seen', approval: { refusal: null, windowDays: 30 } });
    expect(await stageOf(large.id)).toBe('invoiced');
    expect(await t.db.xeroSync.count({ where: { kind: 'payment_reversal', localId: payment.id, state: 'pending' } })).toBe(1);
    expect(await mailsTo(member.email, /Subject: Payment reversed: receipt RCT-2026-00003/)).toHaveLength(1);
    // Decided once.
    expect((await reversal(admin, contribution.id, payment.id, '/approve').send({}).expect(409)).body.error).toBe('payment_reversed');
    expect(await waitingForASecondPerson()).toEqual({ count: 0, applications: [] });
  });

  it('lets a waiting reversal be withdrawn or rejected, and the payment stands', async () => {
    const large = await t.db.protectionApplication.findFirstOrThrow({ where: { userId: member.id, premium: 10_000 } });
    const contribution = await t.db.invoice.findFirstOrThrow({ where: { applicationId: large.id, kind: 'contribution' } });
    await pay(contribution.id, 12_000).expect(201);
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { invoiceId: contribution.id, reversedAt: null } });
    await reversal(second, contribution.id, payment.id).send({ reason: 'Recorded twice, I think' }).expect(202);
    expect((await waitingForASecondPerson()).count).toBe(1);
    expect((await reversal(admin, contribution.id, payment.id, '/reject').send({ note: 'It was paid once only' }).expect(200)).body.message).toMatch(/^Rejected: receipt RCT-2026-\d{5} stands/);
    expect(await waitingForASecondPerson()).toEqual({ count: 0, applications: [] });
    expect(await t.db.invoicePayment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ reversedAt: null, reversalRequestedAt: null, reversalReason: null });
    expect(await t.db.auditLog.findFirstOrThrow({ where: { action: PAYMENT_REVERSAL_REJECTED_AUDIT_ACTION, actorId: ada.id } })).toMatchObject({
      details: expect.objectContaining({ withdrawn: false, note: 'It was paid once only', requestedById: sam.id }),
    });
    expect((await reversal(admin, contribution.id, payment.id, '/approve').send({}).expect(409)).body.error).toBe('payment_reversal_not_pending');
    // Asked again and withdrawn by the one who asked.
    await reversal(second, contribution.id, payment.id).send({ reason: 'Recorded twice, I think' }).expect(202);
    expect((await reversal(second, contribution.id, payment.id, '/reject').send({}).expect(200)).body.message).toMatch(/^Withdrawn:/);
    expect(await stageOf(large.id)).toBe('protected');
  });
});

describe('a payment on the reverser’s own account', () => {
  it('waits for a second person whatever its amount, and its member may not approve another’s request', async () => {
    const own = await createTestUser(t.db, { email: 'staff-member@example.com', firstName: 'Max', lastName: 'Member', isAdmin: true });
    const ownAgent = await signedInAgent(t.app, 'staff-member@example.com');
    const application = await createApplication(t.db, own.id, { status: 'accepted', premium: 10_000 });
    const [ownFee, ownContribution] = await Promise.all(['membership_fee', 'contribution'].map((kind) => t.db.invoice.findFirstOrThrow({ where: { applicationId: application.id, kind } })));
    await admin.post(`/api/invoices/${ownFee!.id}/payments`).send({ amountDollars: 550, receivedOn: today, method: 'bpay' }).expect(201);
    await admin.post(`/api/invoices/${ownContribution!.id}/payments`).send({ amountDollars: 12_000, receivedOn: today, method: 'card' }).expect(201);
    const [feePayment, contributionPayment] = await Promise.all([ownFee!, ownContribution!].map((invoice) => t.db.invoicePayment.findFirstOrThrow({ where: { invoiceId: invoice.id } })));

    // $550 is under the threshold, but it is Max's own: it waits, and another approves it.
    expect((await reversal(ownAgent, ownFee!.id, feePayment!.id).send({ reason: 'My own mistake' }).expect(202)).body.outcome).toBe('requested');
    await reversal(second, ownFee!.id, feePayment!.id, '/approve').send({}).expect(200);

    // Sam asks to reverse Max's $12,000; Max may not approve it.
    await reversal(second, ownContribution!.id, contributionPayment!.id).send({ reason: 'Card payment charged back' }).expect(202);
    const refused = await reversal(ownAgent, ownContribution!.id, contributionPayment!.id, '/approve').send({}).expect(403);
    expect(refused.body).toMatchObject({
      error: 'beneficiary_approval',
      message: `The reversal of receipt ${contributionPayment!.receiptNumber} is on your own application, so another administrator must approve it: no one approves a change to the payments on their own account.`,
    });
    await reversal(admin, ownContribution!.id, contributionPayment!.id, '/approve').send({}).expect(200);
  });
});
