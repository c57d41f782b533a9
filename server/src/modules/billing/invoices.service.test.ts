import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../lib/blob-store';
import { createTestUser } from '../../testing/accounts';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findInvoice, PAYMENT_AUDIT_ACTION, recordPayment } from './invoices.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('recording a payment', () => {
  it('keeps no payment and no audit entry when the invoice cannot be updated with it', async () => {
    const member = await createTestUser(t.db, { email: 'payer@example.com' });
    const admin = await createTestUser(t.db, { email: 'staff@example.com', isAdmin: true });
    const { id } = await t.db.invoice.create({
      data: {
        number: 'INV-2026-00001',
        issueKey: `membership:${member.id}:2026`,
        userId: member.id,
        applicationId: 'app-1',
        kind: 'membership_fee',
        season: '2026',
        lines: [],
        subtotalCents: 50_000,
        gstCents: 5_000,
        totalCents: 55_000,
        issuedAt: new Date(),
      },
    });
    const invoice = (await findInvoice(t.db, id))!;
    const lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'Invoice');
    try {
      await expect(recordPayment(t.db, createBlobStore(t.env), invoice, { amountCents: 55_000, receivedOn: '2026-06-01', method: 'eft' }, admin.id)).rejects.toThrow();
    } finally {
      await lift();
    }
    expect(await t.db.invoicePayment.count({ where: { invoiceId: id } })).toBe(0);
    expect(await t.db.auditLog.count({ where: { action: PAYMENT_AUDIT_ACTION, customerId: member.id } })).toBe(0);

    await recordPayment(t.db, createBlobStore(t.env), invoice, { amountCents: 55_000, receivedOn: '2026-06-01', method: 'eft' }, admin.id);
    expect(await t.db.invoicePayment.count({ where: { invoiceId: id } })).toBe(1);
    expect(await t.db.auditLog.count({ where: { action: PAYMENT_AUDIT_ACTION, customerId: member.id } })).toBe(1);
  });
});
