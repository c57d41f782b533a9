// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffInvoiceView, StaffPaymentView } from '@shared/contracts/dashboard';
import { perthToday } from '@shared/perth-time';
import { ApiRequestError } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { errorOnField } from '../../../testing/dom';
import { renderWithProviders } from '../../../testing/render';
import { pathOf, server, sessionAnswer } from '../../../testing/server';
import { InvoicePayments, RecordPaymentForm, ReversePaymentForm } from './invoice-payments';
import { signedInPerson } from '../../../testing/accounts';

afterEach(cleanup);

describe('Record a payment', () => {
  it('starts from the balance and today, puts the shared schema’s sentences on their fields, and sends nothing until they are right', async () => {
    const sent: unknown[] = [];
    render(<RecordPaymentForm invoice={{ number: 'INV-2026-00001', outstandingCents: 55_000 }} onSubmit={async (payment) => void sent.push(payment)} onCancel={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Record a payment on INV-2026-00001' });
    expect((within(form).getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('550.00');
    expect((within(form).getByLabelText('Date received') as HTMLInputElement).value).toBe(perthToday());

    await userEvent.clear(within(form).getByLabelText('Amount ($)'));
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '5.50.0');
    await userEvent.click(within(form).getByRole('button', { name: 'Record the payment' }));
    expect(errorOnField('Amount ($)')).toBe('Enter the amount in dollars and cents, such as 4,800.00');
    expect(errorOnField('Method')).toBe('Choose how the money came');
    expect(sent).toEqual([]);

    await userEvent.clear(within(form).getByLabelText('Amount ($)'));
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '$4,800');
    await userEvent.selectOptions(within(form).getByLabelText('Method'), 'Cheque');
    await userEvent.type(within(form).getByLabelText('Reference (optional)'), ' CHQ 001234 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Record the payment' }));
    expect(sent).toEqual([{ amountDollars: 4800, receivedOn: perthToday(), method: 'cheque', reference: 'CHQ 001234' }]);
  });

  it('refuses a day after today, and shows the server’s refusal beside the amount', async () => {
    let answer: Error = new ApiRequestError(400, 'validation_error', 'amountDollars: Only $550.00 is outstanding on this invoice.', [
      { path: 'amountDollars', message: 'Only $550.00 is outstanding on this invoice.' },
    ]);
    render(<RecordPaymentForm invoice={{ number: 'INV-2026-00001', outstandingCents: 55_000 }} onSubmit={() => Promise.reject(answer)} onCancel={() => undefined} />);
    await userEvent.selectOptions(screen.getByLabelText('Method'), 'BPAY');
    const date = screen.getByLabelText('Date received');
    await userEvent.clear(date);
    await userEvent.type(date, '2999-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Record the payment' }));
    expect(errorOnField('Date received')).toBe('The day the money arrived cannot be after today');

    await userEvent.clear(date);
    await userEvent.type(date, perthToday());
    await userEvent.click(screen.getByRole('button', { name: 'Record the payment' }));
    expect(errorOnField('Amount ($)')).toBe('Only $550.00 is outstanding on this invoice.');

    answer = new TypeError('Failed to fetch');
    await userEvent.click(screen.getByRole('button', { name: 'Record the payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The payment could not be recorded. Check your connection and try again.');
  });
});

describe('Reverse a payment', () => {
  it('asks why, and says when a second person must approve it', async () => {
    const sent: unknown[] = [];
    render(<ReversePaymentForm payment={{ receiptNumber: 'RCT-2026-00003', amountCents: 1_200_000 }} needsSecondPerson onSubmit={async (input) => void sent.push(input)} onCancel={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Reverse RCT-2026-00003' });
    expect(form.textContent).toContain('A second administrator must approve it first: it is over $5,000, or on your own account.');
    await userEvent.type(within(form).getByLabelText('Why is it reversed? (the member is told)'), 'No');
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for a second person’s approval' }));
    expect(errorOnField('Why is it reversed? (the member is told)')).toBe('Say why the payment is reversed, in at least 5 characters');
    await userEvent.type(within(form).getByLabelText('Why is it reversed? (the member is told)'), 't paid: cheque dishonoured');
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for a second person’s approval' }));
    expect(sent).toEqual([{ reason: 'Not paid: cheque dishonoured' }]);
  });

  it('reverses at once below the threshold', () => {
    render(<ReversePaymentForm payment={{ receiptNumber: 'RCT-2026-00001', amountCents: 55_000 }} needsSecondPerson={false} onSubmit={async () => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Reverse the payment' })).toBeTruthy();
    expect(screen.getByRole('form').textContent).not.toContain('second administrator');
  });
});

describe('a member’s invoices on the staff pages', () => {
  const payment = (overrides: Partial<StaffPaymentView>): StaffPaymentView => ({
    id: 'pay-1',
    receiptNumber: 'RCT-2026-00001',
    amountCents: 55_000,
    receivedOn: '2026-11-20',
    method: 'eft',
    reference: 'EFT 77',
    receiptUrl: '/api/invoices/inv-1/payments/pay-1/receipt',
    reversal: null,
    recordedBy: 'Ada Admin',
    recordedAt: '2026-11-20T02:00:00.000Z',
    pendingReversal: null,
    ...overrides,
  });
  const invoice = (overrides: Partial<StaffInvoiceView>): StaffInvoiceView => ({
    id: 'inv-1',
    number: 'INV-2026-00001',
    userId: 'member',
    applicationId: 'app-1',
    kind: 'membership_fee',
    season: '2026',
    lines: [{ description: 'Membership fee, season 2026', amountCents: 50_000, gstCents: 5_000 }],
    subtotalCents: 50_000,
    gstCents: 5_000,
    totalCents: 55_000,
    issuedAt: '2026-11-01T02:00:00.000Z',
    paymentOption: 'pay_now',
    optionFixed: 'Payments have been received, so the option is fixed.',
    schedule: [{ dueDate: '2026-11-15', amountCents: 55_000 }],
    status: 'paid',
    paidCents: 55_000,
    outstandingCents: 0,
    nextDue: null,
    pdfUrl: '/api/invoices/inv-1/pdf',
    payments: [payment({})],
    ...overrides,
  });
  let sent: string[];

  beforeEach(() => {
    sent = [];
    const user = signedInPerson({ id: 'sam', firstName: 'Sam', lastName: 'Second', isAdmin: true, permissions: ['admin' as const] });
    useSessionStore.getState().sessionLoaded(user, null);
    const invoices = [
      invoice({ payments: [payment({ reversal: { on: '2026-11-21', reason: 'Bank returned the transfer', by: 'Ada Admin' } }), payment({ id: 'pay-2', receiptNumber: 'RCT-2026-00002' })] }),
      invoice({
        id: 'inv-2',
        number: 'INV-2026-00002',
        kind: 'contribution',
        totalCents: 1_200_000,
        paidCents: 1_200_000,
        payments: [
          payment({
            id: 'pay-3',
            receiptNumber: 'RCT-2026-00003',
            amountCents: 1_200_000,
            pendingReversal: { reason: 'Cheque dishonoured', requestedBy: 'Ada Admin', requestedAt: '2026-11-22T01:00:00.000Z', mine: false, refusal: null },
          }),
        ],
      }),
      invoice({ id: 'inv-3', number: 'INV-2026-00003', applicationId: 'app-2', kind: 'contribution', status: 'unpaid', paidCents: 0, outstandingCents: 480_000, totalCents: 480_000, payments: [] }),
    ];
    server.use(
      sessionAnswer({ user, expires: '2026-12-01T00:00:00.000Z' }),
      http.get('/api/admin/invoices', ({ request }) => (new URL(request.url).searchParams.get('memberId') === 'member' ? HttpResponse.json({ invoices }) : undefined)),
      http.post('/api/invoices/*', ({ request }) => {
        sent.push(`${request.method} ${pathOf(request)}`);
        return HttpResponse.json({ outcome: 'reversed', message: 'Approved: receipt RCT-2026-00003 ($12,000.00) is reversed and no longer counts towards INV-2026-00002.' });
      }),
    );
  });

  it('shows each invoice’s figures and payments, a reversal done and one waiting, and approves the waiting one, telling the list', async () => {
    const toldTheList: string[] = [];
    renderWithProviders(<InvoicePayments memberId="member" applicationId="app-1" onReversalDecided={(message) => toldTheList.push(message)} />);
    const fee = await screen.findByRole('article', { name: 'Invoice INV-2026-00001' });
    expect(screen.queryByRole('article', { name: 'Invoice INV-2026-00003' })).toBeNull();
    expect(within(fee).getByText('Balance').parentElement!.textContent).toBe('Balance $0.00');
    expect(within(fee).getByRole('link', { name: 'RCT-2026-00001 (PDF)' }).getAttribute('href')).toBe('/api/invoices/inv-1/payments/pay-1/receipt');
    expect(within(fee).getByText(/Bank returned the transfer/).textContent).toBe('on 21 Nov 2026 by Ada Admin: Bank returned the transfer');
    expect(within(fee).queryByRole('button', { name: 'Record a payment' })).toBeNull();
    expect(within(fee).getByRole('button', { name: 'Reverse RCT-2026-00002' })).toBeTruthy();

    const contribution = screen.getByRole('article', { name: 'Invoice INV-2026-00002' });
    expect(within(contribution).getByText(/Cheque dishonoured/).textContent).toBe('Ada Admin asked on 22 Nov 2026, 9:00 am AWST: Cheque dishonoured');
    await userEvent.click(within(contribution).getByRole('button', { name: 'Approve the reversal' }));
    expect(sent).toEqual(['POST /api/invoices/inv-2/payments/pay-3/reversal/approve']);
    expect((await within(contribution).findByRole('status')).textContent).toBe('Approved: receipt RCT-2026-00003 ($12,000.00) is reversed and no longer counts towards INV-2026-00002.');
    expect(toldTheList).toEqual(['Approved: receipt RCT-2026-00003 ($12,000.00) is reversed and no longer counts towards INV-2026-00002.']);
  });

  it('offers to record money against a member’s unpaid invoice, and on the administrator’s own account says a colleague must', async () => {
    renderWithProviders(<InvoicePayments memberId="member" applicationId="app-2" />);
    const unpaid = await screen.findByRole('article', { name: 'Invoice INV-2026-00003' });
    expect(within(unpaid).getByRole('button', { name: 'Record a payment' })).toBeTruthy();
    cleanup();
    const memberWhoIsAdministrator = { ...useSessionStore.getState().user!, id: 'member' };
    server.use(sessionAnswer({ user: memberWhoIsAdministrator, expires: '2026-12-01T00:00:00.000Z' }));
    useSessionStore.getState().sessionLoaded(memberWhoIsAdministrator, null);
    renderWithProviders(<InvoicePayments memberId="member" applicationId="app-2" />);
    const own = await screen.findByRole('article', { name: 'Invoice INV-2026-00003' });
    expect(within(own).queryByRole('button', { name: 'Record a payment' })).toBeNull();
    expect(within(own).getByText('This is your own account: another administrator must record or decide this for you.')).toBeTruthy();
  });
});
