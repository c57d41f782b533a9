import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalPayable } from '@shared/domain/estimates';
import { toCents } from '@shared/domain/pricing/money';
import { createApplication, createDashboardWorld } from '../../testing/dashboard-fixtures';

type World = Awaited<ReturnType<typeof createDashboardWorld>>;
let world: World;
let t: World['t'], users: World['users'], agents: World['agents'];

beforeAll(async () => {
  world = await createDashboardWorld();
  ({ t, users, agents } = world);
  // A second protection of the season, fire only and active.
  await createApplication(t.db, users.member.id, { status: 'active', coverageType: 'fire' });
});
afterAll(() => world.t.close());

describe('payments', () => {
  let invoices: Array<{ id: string; kind: string; totalCents: number; gstCents: number; number: string; status: string }> = [];

  it('issues the membership fee and contribution invoices once the application is accepted, adding up to the total payable', async () => {
    const response = await agents.member.get('/api/invoices');
    expect(response.status).toBe(200);
    invoices = response.body.invoices;
    // The accepted and the active (fire) applications: one membership fee for the season, two contributions.
    expect(invoices.filter((i) => i.kind === 'membership_fee')).toHaveLength(1);
    const contribution = invoices.find((i) => i.kind === 'contribution' && i.totalCents === toCents(totalPayable(4000)) - 55_000)!;
    expect(contribution).toBeDefined();
    expect(contribution.gstCents).toBe(40_000);
    expect((await agents.member.get('/api/invoices')).body.invoices).toHaveLength(invoices.length);
    expect(invoices.every((i) => /^INV-2026-\d{5}$/.test(i.number))).toBe(true);
  });

  it('lets the member choose how to pay, and hides invoices from others', async () => {
    const invoice = invoices[0]!;
    // Issued today, so not yet due: the option is the member's (the world's invoices date from May).
    await t.db.invoice.update({ where: { id: invoice.id }, data: { issuedAt: new Date() } });
    const changed = await agents.member.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'instalments' });
    expect(changed.status).toBe(200);
    expect(changed.body.invoice.schedule).toHaveLength(3);
    expect((await agents.member.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'barter' })).status).toBe(400);
    expect((await agents.broker.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'after_harvest' })).status).toBe(200);
    expect((await agents.other.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'pay_now' })).status).toBe(404);
    expect((await agents.admin.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'pay_now' })).status).toBe(403);
    expect((await agents.otherBroker.get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(404);
  });

  it('renders the tax invoice as a PDF, keeps it, and gives a receipt for each payment', async () => {
    const invoice = invoices.find((i) => i.kind === 'membership_fee')!;
    const pdf = await agents.member.get(`/api/invoices/${invoice.id}/pdf`).buffer(true);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.db.storedFile.count({ where: { kind: 'invoice_pdf' } })).toBe(1);
    expect((await agents.member.post(`/api/invoices/${invoice.id}/payments`).send({ amountDollars: 1, receivedOn: '2026-06-01', method: 'eft' })).status).toBe(403);
    expect((await agents.admin.post(`/api/invoices/${invoice.id}/payments`).send({ amountDollars: 999_999.99, receivedOn: '2026-06-01', method: 'eft' })).status).toBe(400);
    const paid = await agents.admin.post(`/api/invoices/${invoice.id}/payments`).send({ amountDollars: '550.00', receivedOn: '2026-06-01', method: 'eft', reference: 'EFT 1234' });
    expect(paid.status).toBe(201);
    expect(paid.body.invoice).toMatchObject({ status: 'paid', outstandingCents: 0, optionFixed: 'Payments have been received, so the option is fixed.' });
    const receiptUrl = paid.body.invoice.payments[0].receiptUrl;
    const receipt = await agents.member.get(receiptUrl).buffer(true);
    expect(receipt.status).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect((await agents.other.get(receiptUrl)).status).toBe(404);
    expect((await agents.member.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'pay_now' })).status).toBe(409);
  });
});

describe('an overdue invoice', () => {
  it('keeps its payment option: switching to after harvest would move its own due date months on', async () => {
    const application = await createApplication(t.db, users.member.id, { status: 'accepted', coverageType: 'hail' });
    const invoice = await t.db.invoice.findFirstOrThrow({ where: { applicationId: application.id, kind: 'contribution' } });
    // Issued 30 days ago on 'pay now': due 14 days after, so 16 days overdue today.
    await t.db.invoice.update({ where: { id: invoice.id }, data: { issuedAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000), paymentOption: 'pay_now' } });
    const listed = (await agents.member.get('/api/invoices')).body.invoices.find((i: { id: string }) => i.id === invoice.id);
    expect(listed).toMatchObject({ status: 'overdue', optionFixed: 'The invoice is overdue, so the option is fixed: call us if you need more time to pay.' });

    const switched = await agents.member.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'after_harvest' });
    expect(switched.status).toBe(409);
    expect(switched.body).toMatchObject({ error: 'payment_option_locked', message: 'This invoice is overdue, so its payment option can no longer change. Call us if you need more time to pay.' });
    expect((await agents.broker.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'after_harvest' })).status).toBe(409);
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).paymentOption).toBe('pay_now');

    // The member calls; an administrator acting for them (support mode, write level) rearranges it, and it is audited as done for them.
    await agents.admin.post('/api/admin/support/enter').send({ adminUserId: users.admin.id, customerId: users.member.id, customerName: 'Member', permissionLevel: 'write' }).expect(200);
    const rearranged = await agents.admin.put(`/api/invoices/${invoice.id}/payment-option`).send({ paymentOption: 'after_harvest' });
    expect(rearranged.status, JSON.stringify(rearranged.body)).toBe(200);
    expect(rearranged.body.invoice.paymentOption).toBe('after_harvest');
    expect(await t.db.auditLog.count({ where: { customerId: users.member.id, actorId: users.admin.id } })).toBeGreaterThan(0);
    await agents.admin.post('/api/admin/support/exit').send({ adminUserId: users.admin.id, customerId: users.member.id }).expect(200);
  });
});

describe('money recorded at the same moment', () => {
  it('records the whole balance once when two staff (or a double click) record it together, and refuses the second saying nothing is outstanding', async () => {
    const application = await createApplication(t.db, users.member.id, { status: 'accepted', coverageType: 'hail' });
    const invoice = await t.db.invoice.findFirstOrThrow({ where: { applicationId: application.id, kind: 'contribution' } });
    const pay = () => agents.admin.post(`/api/invoices/${invoice.id}/payments`).send({ amountDollars: invoice.totalCents / 100, receivedOn: '2026-06-01', method: 'eft' });
    const answers = await Promise.all([pay(), pay(), pay()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.message)).toEqual([
      'amountDollars: Nothing is outstanding on this invoice.',
      'amountDollars: Nothing is outstanding on this invoice.',
    ]);
    const payments = await t.db.invoicePayment.findMany({ where: { invoiceId: invoice.id } });
    expect(payments.map((payment) => payment.amountCents)).toEqual([invoice.totalCents]);
  });
});
