import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_MESSAGES } from '@shared/contracts/api-error';
import { perthToday } from '@shared/perth-time';
import { outage } from '../../lib/outages';
import { allMailSent, createTestUser, signedInAgent, type TestAgent, waitForEmailTo } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// What waits for a second administrator is e-mailed to those who may decide it (docs/dashboard.md
// 'Recording and reversing payments', docs/discounts.md): through the real routes and mail queue.

let t: TestApp;
let ada: TestAgent, sam: TestAgent;
let cleoId = '';
/** Submitted, so a manual discount may still be asked for (none once invoiced); and accepted, invoiced. */
let submitted: { id: string };
let accepted: { id: string };

/** The subjects of the e-mails sent to `address` asking for a second administrator, oldest first (as the mail queue kept them, MIME-free). */
const askedOf = async (address: string): Promise<string[]> =>
  (
    await t.db.queuedEmail.findMany({
      where: { toAddress: address, status: 'sent', subject: { startsWith: 'Waiting for a second administrator' } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { subject: true },
    })
  ).map(({ subject }) => subject);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'signInPerAccount=200/15m,signInPerAddress=200/15m' });
  const member = await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Grower' });
  await createTestUser(t.db, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Admin', isAdmin: true });
  await createTestUser(t.db, { email: 'sam@example.com', firstName: 'Sam', lastName: 'Second', isAdmin: true });
  cleoId = (await createTestUser(t.db, { email: 'cleo@example.com', firstName: 'Cleo', lastName: 'Clerk' })).id;
  ada = await signedInAgent(t.app, 'ada@example.com');
  sam = await signedInAgent(t.app, 'sam@example.com');
  // Ada makes Cleo an administrator today: Cleo is no second person for what Ada asks (maker-checker).
  await ada
    .put(`/api/admin/users/${cleoId}/roles`)
    .send({ isAdmin: true, permissions: ['admin'] })
    .expect(200);
  submitted = await createApplication(t.db, member.id, { status: 'submitted', premium: 10_000, coverageType: 'hail' });
  accepted = await createApplication(t.db, member.id, { status: 'accepted', premium: 10_000, coverageType: 'hail' });
});
afterAll(() => t?.close());

describe('asking a second administrator by e-mail', () => {
  it('e-mails a manual discount, a rule change and a payment reversal to the administrators who may decide them, each once, with a link to where they do', async () => {
    const { reference } = await t.db.protectionApplication.findUniqueOrThrow({ where: { id: submitted.id }, select: { reference: true } });
    await ada.post('/api/admin/discount-management/manual').send({ applicationId: submitted.id, amount: 150, reason: 'Goodwill: storm damage to the shed' }).expect(201);
    await ada
      .post('/api/admin/discount-rules')
      .send({ name: 'Big holding', kind: 'conditional', isActive: true, priority: 10, stacks: true, conditions: { minTotalHectares: 500 }, amount: { type: 'percentage', rate: 0.05 } })
      .expect(202);
    // The contribution, $12,000, is above what one person may reverse.
    const contribution = await t.db.invoice.findFirstOrThrow({ where: { applicationId: accepted.id, kind: 'contribution' } });
    await ada.post(`/api/invoices/${contribution.id}/payments`).send({ amountDollars: '12,000.00', receivedOn: perthToday(), method: 'cheque', reference: 'CHQ 001234' }).expect(201);
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { invoiceId: contribution.id } });
    await ada.post(`/api/invoices/${contribution.id}/payments/${payment.id}/reversal`).send({ reason: 'Cheque dishonoured by the bank' }).expect(202);
    await allMailSent(t);

    expect(await askedOf('sam@example.com')).toEqual([
      `Waiting for a second administrator: a manual discount of $150.00 on ${reference} for Jo Grower`,
      'Waiting for a second administrator: a new discount rule, “Big holding”',
      `Waiting for a second administrator: reversing receipt ${payment.receiptNumber} ($12,000.00) for Jo Grower`,
    ]);
    // Not the one who asked, nor the administrator whose role came from her this month.
    expect([await askedOf('ada@example.com'), await askedOf('cleo@example.com'), await askedOf('grower@example.com')]).toEqual([[], [], []]);

    const reversal = await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'sam@example.com', 'reversing receipt');
    expect(reversal.replace(/\s+/g, ' ')).toContain('Ada Admin asked for reversing receipt');
    expect(reversal).toContain('Cheque dishonoured by the bank');
    expect(reversal).toContain(`${t.context.site.origin()}/admin/applications?awaiting=reversal_approval`);
    expect(await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'sam@example.com', 'manual discount')).toContain(`${t.context.site.origin()}/admin/discount-management`);
    expect(await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'sam@example.com', 'Big holding')).toContain(`${t.context.site.origin()}/admin/discount-rules`);
  });

  it('asks Ada and Cleo when Sam asks: Cleo is independent of Sam', async () => {
    await sam.post('/api/admin/discount-management/manual').send({ applicationId: submitted.id, amount: 90, reason: 'Hail netting' }).expect(201);
    await allMailSent(t);
    expect(await askedOf('ada@example.com')).toEqual([expect.stringMatching(/^Waiting for a second administrator: a manual discount of \$90\.00 on /)]);
    expect(await askedOf('cleo@example.com')).toHaveLength(1);
    expect(await askedOf('sam@example.com')).toHaveLength(3);
  });

  it('tells the one who asked what the second administrator decided, with the note, and nobody when they withdrew it themselves', async () => {
    const decided = async (address: string) =>
      (
        await t.db.queuedEmail.findMany({
          where: { toAddress: address, status: 'sent', OR: [{ subject: { startsWith: 'Approved:' } }, { subject: { startsWith: 'Rejected:' } }] },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          select: { subject: true },
        })
      ).map(({ subject }) => subject);
    const idOf = async (email: string) => (await t.db.user.findUniqueOrThrow({ where: { email } })).id;
    const discount = await t.db.manualDiscount.findFirstOrThrow({ where: { requestedById: await idOf('ada@example.com'), status: 'pending' } });
    await sam.post(`/api/admin/discount-management/manual/${discount.id}/reject`).send({ note: 'The shed is not protected' }).expect(200);
    const change = await t.db.discountRuleChange.findFirstOrThrow({ where: { status: 'pending' } });
    await sam.post(`/api/admin/discount-rules/changes/${change.id}/approve`).send({}).expect(200);
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { reversalRequestedAt: { not: null } } });
    await sam.post(`/api/invoices/${payment.invoiceId}/payments/${payment.id}/reversal/approve`).send({}).expect(200);
    // Ada withdraws a change she asked for: she is not told what she did.
    await ada
      .post('/api/admin/discount-rules')
      .send({ name: 'Small holding', kind: 'conditional', isActive: true, priority: 11, stacks: true, conditions: { minTotalHectares: 50 }, amount: { type: 'percentage', rate: 0.01 } })
      .expect(202);
    const withdrawn = await t.db.discountRuleChange.findFirstOrThrow({ where: { status: 'pending' } });
    await ada.post(`/api/admin/discount-rules/changes/${withdrawn.id}/reject`).send({}).expect(200);
    await allMailSent(t);

    const { reference } = await t.db.protectionApplication.findUniqueOrThrow({ where: { id: submitted.id }, select: { reference: true } });
    expect(await decided('ada@example.com')).toEqual([
      `Rejected: a manual discount of $150.00 on ${reference} for Jo Grower`,
      'Approved: a new discount rule, “Big holding”',
      `Approved: reversing receipt ${payment.receiptNumber} ($12,000.00) for Jo Grower`,
    ]);
    expect([await decided('sam@example.com'), await decided('cleo@example.com'), await decided('grower@example.com')]).toEqual([[], [], []]);
    const rejected = await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'ada@example.com', 'The shed is not protected');
    expect(rejected.replace(/\s+/g, ' ')).toContain('Sam Second rejected a manual discount of $150.00');
    expect(rejected).toContain(`${t.context.site.origin()}/admin/discount-management`);
    // A decided reversal is no longer waiting: its e-mail leads to the member's record, where the payment shows as it stands.
    const member = await t.db.user.findUniqueOrThrow({ where: { email: 'grower@example.com' } });
    const approved = await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'ada@example.com', 'approved reversing receipt');
    expect(approved).toContain(`${t.context.site.origin()}/admin/user-lookup/${member.id}`);
    expect(approved).toContain('See Jo Grower');
  });

  it('keeps what waits and its e-mails together: when the e-mails cannot be written, nothing is asked or decided, and asking again works', async () => {
    const contribution = await t.db.invoice.findFirstOrThrow({ where: { applicationId: accepted.id, kind: 'contribution' } });
    await ada.post(`/api/invoices/${contribution.id}/payments`).send({ amountDollars: '12,000.00', receivedOn: perthToday(), method: 'cheque', reference: 'CHQ 001299' }).expect(201);
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { invoiceId: contribution.id, reference: 'CHQ 001299' } });
    const reversal = `/api/invoices/${contribution.id}/payments/${payment.id}/reversal`;
    const mailer = t.context.mailer;
    const send = mailer.send;
    const databaseGoesAwayAsTheEmailsAreWritten = () => {
      mailer.send = () => Promise.reject(outage('database'));
    };
    databaseGoesAwayAsTheEmailsAreWritten();
    try {
      const refused = [
        await ada.post(reversal).send({ reason: 'Cheque dishonoured again' }),
        await ada.post('/api/admin/discount-management/manual').send({ applicationId: submitted.id, amount: 70, reason: 'Fence along the creek' }),
        await ada
          .post('/api/admin/discount-rules')
          .send({ name: 'Fence holding', kind: 'conditional', isActive: true, priority: 12, stacks: true, conditions: { minTotalHectares: 70 }, amount: { type: 'percentage', rate: 0.01 } }),
      ];
      expect(refused.map((response) => [response.status, response.body.message])).toEqual(Array.from({ length: 3 }, () => [503, OUTAGE_MESSAGES.database]));
      // Nothing waits that its deciders were not told of.
      expect((await t.db.invoicePayment.findUniqueOrThrow({ where: { id: payment.id } })).reversalRequestedAt).toBeNull();
      expect(await t.db.manualDiscount.count({ where: { reason: 'Fence along the creek' } })).toBe(0);
      expect(await t.db.discountRuleChange.count({ where: { status: 'pending' } })).toBe(0);
    } finally {
      mailer.send = send;
    }

    await ada.post(reversal).send({ reason: 'Cheque dishonoured again' }).expect(202);
    databaseGoesAwayAsTheEmailsAreWritten();
    try {
      // A decision, likewise: not kept without the e-mail to the one who asked.
      expect((await sam.post(`${reversal}/reject`).send({ note: 'The bank cleared it after all' })).status).toBe(503);
      expect((await t.db.invoicePayment.findUniqueOrThrow({ where: { id: payment.id } })).reversalRequestedAt).not.toBeNull();
    } finally {
      mailer.send = send;
    }
    await sam.post(`${reversal}/reject`).send({ note: 'The bank cleared it after all' }).expect(200);
    await allMailSent(t);
    expect(await askedOf('sam@example.com')).toContain(`Waiting for a second administrator: reversing receipt ${payment.receiptNumber} ($12,000.00) for Jo Grower`);
    const told = await t.db.queuedEmail.findMany({ where: { toAddress: 'ada@example.com', subject: `Rejected: reversing receipt ${payment.receiptNumber} ($12,000.00) for Jo Grower` } });
    expect(told.map((email) => email.status)).toEqual(['sent']);
  });
});
