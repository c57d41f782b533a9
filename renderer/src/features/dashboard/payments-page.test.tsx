// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceView } from '@shared/contracts/dashboard';
import { PAYMENT_OPTION_FIXED } from '@shared/domain/billing/payment-plan';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { renderWithProviders } from '../../testing/render';
import { server, sessionAnswer } from '../../testing/server';
import PaymentsPage from './payments-page';
import { signedInPerson } from '../../testing/accounts';

afterEach(cleanup);

const overdue: InvoiceView = {
  id: 'inv-2',
  number: 'INV-2026-00002',
  userId: 'm1',
  applicationId: 'app-1',
  kind: 'contribution',
  season: '2026',
  lines: [{ description: 'Contribution for Hail protection, season 2026', amountCents: 700_000, gstCents: 70_000 }],
  subtotalCents: 700_000,
  gstCents: 70_000,
  totalCents: 770_000,
  issuedAt: '2026-10-01T02:00:00.000Z',
  paymentOption: 'pay_now',
  optionFixed: PAYMENT_OPTION_FIXED.overdue.hint,
  schedule: [{ dueDate: '2026-10-15', amountCents: 770_000 }],
  status: 'overdue',
  paidCents: 0,
  outstandingCents: 770_000,
  nextDue: { dueDate: '2026-10-15', amountCents: 770_000 },
  pdfUrl: '/api/invoices/inv-2/pdf',
  payments: [],
};

const person = (fields: Partial<ClientUser>): ClientUser => signedInPerson({ id: 'm1', firstName: 'Mia', lastName: 'Member', ...fields });

/** The page as `user` sees it; in support mode for the member when `supporting`, as the server's session says too. */
async function howYouPay(user: ClientUser, supporting = false) {
  const supportMode = { isActive: true as const, customerId: 'm1', customerName: 'Mia Member', permissionLevel: 'write' as const, adminUserId: user.id };
  useSessionStore.getState().sessionLoaded(user, null);
  if (supporting) useSessionStore.getState().supportModeEntered(supportMode);
  server.use(
    sessionAnswer({ user, expires: '2026-12-31T00:00:00.000Z', ...(supporting ? { supportMode: { ...supportMode, sessionStartTime: Date.now() } } : {}) }),
    http.get('/api/invoices', () => HttpResponse.json({ invoices: [overdue], howToPay: { eft: null, bpayBillerCode: null, askAt: 'members@grainmutual.example' } })),
  );
  renderWithProviders(<PaymentsPage />, { at: '/dashboard/payments' });
  return screen.findByRole('form', { name: 'How you pay INV-2026-00002' });
}

describe('how an overdue invoice is paid', () => {
  it('is fixed for the member, with the sentence why', async () => {
    const form = await howYouPay(person({}));
    expect((within(form).getByRole('group', { name: 'How you pay' }) as HTMLFieldSetElement).disabled).toBe(true);
    expect(form.textContent).toContain(PAYMENT_OPTION_FIXED.overdue.hint);
  });

  it('can still be changed by an administrator acting for the member in support mode, who is told so', async () => {
    const form = await howYouPay(person({ id: 'a1', name: 'Ada Admin', isAdmin: true, permissions: ['admin'] }), true);
    expect((within(form).getByRole('group', { name: 'How you pay' }) as HTMLFieldSetElement).disabled).toBe(false);
    expect(form.textContent).toContain('As an administrator you can still change it for the member.');
  });
});
