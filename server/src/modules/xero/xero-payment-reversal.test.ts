import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xeroStatusResponseSchema } from '@shared/contracts/xero';
import { registerAppJobs } from '../../jobs/app-jobs';
import type { SqliteJobQueue } from '../../jobs/sqlite-job-queue';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startXeroStandIn, TEST_XERO_CLIENT, xeroTestEnv, type XeroStandIn } from '../../testing/xero-stand-in';

// A payment staff reverse is deleted in Xero through the same sync (docs/xero.md 'What goes to
// Xero'): POST Payments/{PaymentID} with { Status: 'DELETED' }, against the stand-in, on a clock moved by hand.

let standIn: XeroStandIn;
let t: TestApp;
let admin: TestAgent;
let member: { id: string };
let now = new Date('2026-06-01T02:00:00.000Z');
const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
const runJobs = () => (t.context.jobs as SqliteJobQueue).runDueJobs();
const apiCalls = (pattern: RegExp) => standIn.calls.filter((call) => pattern.test(call.path));

beforeAll(async () => {
  standIn = await startXeroStandIn(TEST_XERO_CLIENT);
  t = await createTestApp(xeroTestEnv(standIn), { jobClock: () => now });
  await registerAppJobs(t.context.jobs, t.context);
  await createTestUser(t.db, { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', isAdmin: true });
  member = await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Grower' });
  admin = await signedInAgent(t.app, 'admin@example.com');
  // Connected to the stand-in's first organisation, as an administrator does it on /admin/xero-testing.
  const { authorizationUrl } = (await admin.post('/api/admin/xero/connect').expect(200)).body as { authorizationUrl: string };
  const back = new URL((await fetch(authorizationUrl, { redirect: 'manual' })).headers.get('location')!);
  await admin.get(`${back.pathname}${back.search}`).expect(302);
  await admin.put('/api/admin/xero/tenant').send({ tenantId: standIn.tenants[0]!.tenantId }).expect(200);
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

async function acceptedInvoices() {
  const application = await createApplication(t.db, member.id, { status: 'submitted', premium: 4000 });
  await admin.put(`/api/dashboard/protections/${application.id}/status`).send({ status: 'accepted' }).expect(200);
  await runJobs();
  later(15);
  await runJobs();
  return t.db.invoice.findMany({ where: { applicationId: application.id }, orderBy: { number: 'asc' } });
}

describe('a reversed payment in Xero', () => {
  it('is deleted there once, through the sync: the invoice owes again', async () => {
    const [fee] = await acceptedInvoices();
    await admin.post(`/api/invoices/${fee!.id}/payments`).send({ amountDollars: '550', receivedOn: '2026-06-02', method: 'eft', reference: 'EFT 1234' }).expect(201);
    await runJobs();
    const sentInvoice = () => standIn.invoices.find((invoice) => invoice.InvoiceNumber === fee!.number)!;
    expect(sentInvoice()).toMatchObject({ Status: 'PAID', AmountDue: 0 });
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { invoiceId: fee!.id } });
    const paymentSync = await t.db.xeroSync.findUniqueOrThrow({ where: { kind_localId: { kind: 'payment', localId: payment.id } } });

    await admin.post(`/api/invoices/${fee!.id}/payments/${payment.id}/reversal`).send({ reason: 'Bank returned the transfer' }).expect(200);
    await runJobs();
    const deletions = apiCalls(/^\/api\.xro\/2\.0\/Payments\/[0-9a-f-]+$/);
    expect(deletions).toEqual([
      expect.objectContaining({ method: 'POST', path: `/api.xro/2.0/Payments/${paymentSync.xeroId}`, body: { Status: 'DELETED' }, status: 200, idempotencyKey: `grain-mutual-payment_reversal-${payment.id}-0` }),
    ]);
    expect(standIn.payments.find((sent) => sent.PaymentID === paymentSync.xeroId)).toMatchObject({ Status: 'DELETED' });
    expect(sentInvoice()).toMatchObject({ Status: 'AUTHORISED', AmountDue: 550, AmountPaid: 0 });

    const log = xeroStatusResponseSchema.parse((await admin.get('/api/admin/xero').expect(200)).body);
    expect(log.items.find((item) => item.kind === 'payment_reversal')).toMatchObject({ state: 'sent', label: `${payment.receiptNumber} on ${fee!.number}`, xeroId: paymentSync.xeroId });

    // Queued again (another server, a retry): sent already, nothing goes.
    const sync = await t.db.xeroSync.findUniqueOrThrow({ where: { kind_localId: { kind: 'payment_reversal', localId: payment.id } } });
    await t.context.jobs.enqueue('xero.sync', { syncId: sync.id });
    await runJobs();
    expect(apiCalls(/^\/api\.xro\/2\.0\/Payments\/[0-9a-f-]+$/)).toHaveLength(1);
  });

  it('sends a payment reversed before it reached Xero, then deletes it, so Xero’s books tell what happened', async () => {
    // The season's membership fee went with the first application: this one is billed its contribution only.
    const contribution = (await acceptedInvoices()).find((invoice) => invoice.kind === 'contribution');
    // Xero asks us to wait: the payment is still waiting when staff reverse it.
    standIn.answerTooManyRequests(30);
    await admin.post(`/api/invoices/${contribution!.id}/payments`).send({ amountDollars: 4_800, receivedOn: '2026-06-03', method: 'bpay' }).expect(201);
    await runJobs();
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { invoiceId: contribution!.id } });
    expect(await t.db.xeroSync.findUniqueOrThrow({ where: { kind_localId: { kind: 'payment', localId: payment.id } } })).toMatchObject({ state: 'pending', xeroId: null });

    await admin.post(`/api/invoices/${contribution!.id}/payments/${payment.id}/reversal`).send({ reason: 'Recorded against the wrong member' }).expect(200);
    later(30);
    await runJobs();
    // The payment's own job and the deletion run together: whichever claims the payment sends it, and the deletion waits 15 s for it if it must.
    later(15);
    await runJobs();
    const [paymentSync, reversalSync] = await Promise.all((['payment', 'payment_reversal'] as const).map((kind) => t.db.xeroSync.findUniqueOrThrow({ where: { kind_localId: { kind, localId: payment.id } } })));
    expect(paymentSync).toMatchObject({ state: 'sent' });
    expect(reversalSync).toMatchObject({ state: 'sent', xeroId: paymentSync!.xeroId });
    expect(standIn.payments.find((sent) => sent.PaymentID === paymentSync!.xeroId)).toMatchObject({ Status: 'DELETED', Amount: 4800 });
    expect(standIn.invoices.find((invoice) => invoice.InvoiceNumber === contribution!.number)).toMatchObject({ Status: 'AUTHORISED', AmountDue: 4800 });
  });
});
