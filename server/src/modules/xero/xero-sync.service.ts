/**
 * Invoices and payments to Xero through the job queue (docs/xero.md). Each item is a XeroSync row,
 * unique per (kind, local id), so it is sent once; its job claims the row, sends what it needs
 * first (the member's contact before an invoice, the invoice before a payment, the payment before
 * its deletion when staff reversed it), and records the outcome. A 429 or our own limit is waited
 * out at the time named; Xero unreachable is retried with the queue's back-off; a refusal is shown
 * to staff, who may try it again.
 */
import type { Contact, Invoices, Payment } from 'xero-node';
import type { XeroStatusResponse, XeroSyncKind, XeroSyncState } from '@shared/contracts/xero';
import { paymentSchedule } from '@shared/domain/billing/payment-plan';
import { PAYMENT_OPTIONS, type PaymentOption } from '@shared/contracts/dashboard';
import type { InvoiceLine } from '@shared/domain/billing/invoice';
import { perthCalendarDate } from '@shared/format';
import type { AppContext } from '../../context';
import type { DatabaseWriter } from '../../db/client';
import type { XeroSync } from '../../generated/prisma/client';
import { errorMessage } from '../../lib/job-queue';
import { presentXeroConnection, presentXeroSync } from '../../presenters/xero';
import { findXeroConnection, openXeroSession, type XeroContext, type XeroSession } from './xero-connection.service';
import { type XeroSettings, xeroSettings } from './xero-client';
import { readXeroError, XeroFailure, XeroWait } from './xero-errors';
import { takeXeroCall } from './xero-rate-limit';

export const XERO_SYNC_QUEUE = 'xero.sync';
/** Xero unreachable: four more tries, from a minute apart to eight minutes apart. */
export const XERO_SYNC_RETRY = { retryLimit: 4, retryDelaySeconds: 60 };

/** A claimed item is someone's for this long; a worker that died lets it go after it. */
const CLAIM_MS = 5 * 60_000;
/** How long an item waits for the contact or invoice another worker is sending. */
const DEPENDENCY_WAIT_MS = 15_000;

const cents = (amount: number) => amount / 100;

/** The member's name as their Xero contact: the business when they gave one. */
async function memberName(db: DatabaseWriter, userId: string): Promise<string> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { firstName: true, lastName: true, businessName: true } });
  if (!user) return 'A member no longer on file';
  return user.businessName?.trim() || `${user.firstName} ${user.lastName}`.trim();
}

async function labelFor(db: DatabaseWriter, kind: XeroSyncKind, localId: string): Promise<string> {
  if (kind === 'contact') return memberName(db, localId);
  if (kind === 'invoice') {
    const invoice = await db.invoice.findUnique({ where: { id: localId }, select: { number: true, userId: true } });
    return invoice ? `${invoice.number}, ${await memberName(db, invoice.userId)}` : localId;
  }
  if (kind === 'payment' || kind === 'payment_reversal') {
    const payment = await db.invoicePayment.findUnique({ where: { id: localId }, select: { receiptNumber: true, invoice: { select: { number: true } } } });
    return payment ? `${payment.receiptNumber} on ${payment.invoice.number}` : localId;
  }
  return localId;
}

/**
 * The item's row, recorded once whoever asks first: an upsert, which in a transaction waits for
 * another asker's row rather than failing the transaction on it.
 */
async function syncRow(writer: DatabaseWriter, kind: XeroSyncKind, localId: string): Promise<XeroSync> {
  const where = { kind_localId: { kind, localId } };
  return (await writer.xeroSync.findUnique({ where })) ?? writer.xeroSync.upsert({ where, create: { kind, localId, label: await labelFor(writer, kind, localId) }, update: {} });
}

type QueueContext = Pick<AppContext, 'env' | 'jobs'>;
type XeroItem = { kind: 'invoice' | 'payment' | 'payment_reversal'; localId: string };

/**
 * Records the items and adds a job for each one that waits to be sent, in the command's transaction,
 * so a payment or invoice is never kept without what sends it; nothing when Xero is not configured.
 * Answers whether a job was added (the queue to wake once the transaction commits).
 */
async function queueXeroSync({ env, jobs }: QueueContext, tx: DatabaseWriter, items: readonly XeroItem[]): Promise<boolean> {
  if (!xeroSettings(env).settings) return false;
  let added = false;
  for (const { kind, localId } of items) {
    const row = await syncRow(tx, kind, localId);
    if (row.state === 'pending' && (await jobs.enqueue(XERO_SYNC_QUEUE, { syncId: row.id }, { singletonKey: `${row.id}:first`, writer: tx }))) added = true;
  }
  return added;
}

/**
 * What a command sends to Xero, written in its transaction (`payment`, `applicationInvoices`,
 * `paymentReversal`), and the queue woken once that transaction has committed (`wake`).
 */
export function xeroInTransaction(context: QueueContext) {
  let added = false;
  const queue = async (tx: DatabaseWriter, items: readonly XeroItem[]) => {
    if (await queueXeroSync(context, tx, items)) added = true;
  };
  return {
    payment: (tx: DatabaseWriter, paymentId: string) => queue(tx, [{ kind: 'payment', localId: paymentId }]),
    /** The invoices of an application just accepted. */
    applicationInvoices: async (tx: DatabaseWriter, applicationId: string) => {
      const invoices = await tx.invoice.findMany({ where: { applicationId }, select: { id: true }, orderBy: { number: 'asc' } });
      await queue(
        tx,
        invoices.map((invoice) => ({ kind: 'invoice', localId: invoice.id })),
      );
    },
    /**
     * A payment staff reversed, to be deleted in Xero (after it is sent, if it has not been yet). Only a
     * payment recorded for Xero is: one recorded before Xero was configured was never sent, and stays so.
     */
    paymentReversal: async (tx: DatabaseWriter, paymentId: string) => {
      if (!xeroSettings(context.env).settings) return;
      const sent = await tx.xeroSync.findUnique({ where: { kind_localId: { kind: 'payment', localId: paymentId } }, select: { id: true } });
      if (sent) await queue(tx, [{ kind: 'payment_reversal', localId: paymentId }]);
    },
    wake: () => {
      if (added) context.jobs.wake(XERO_SYNC_QUEUE);
    },
  };
}

/** Staff send a draft invoice to the connected organisation, to see the connection work. */
export async function queueTestInvoice(context: QueueContext & Pick<AppContext, 'db'>, now = new Date()): Promise<XeroSync> {
  const number = `TEST-${now.toISOString().replace(/\D/g, '').slice(0, 17)}`;
  const row = await context.db.$transaction(async (tx) => {
    const made = await syncRow(tx, 'test_invoice', number);
    await context.jobs.enqueue(XERO_SYNC_QUEUE, { syncId: made.id }, { singletonKey: `${made.id}:first`, writer: tx });
    return made;
  });
  context.jobs.wake(XERO_SYNC_QUEUE);
  return row;
}

/** Staff try a failed item again with a fresh set of tries, its job added with the change; null when it is not failed. */
export async function retryXeroSync(context: QueueContext & Pick<AppContext, 'db'>, id: string): Promise<XeroSync | null> {
  const row = await context.db.$transaction(async (tx) => {
    const { count } = await tx.xeroSync.updateMany({ where: { id, state: 'failed' }, data: { state: 'pending', retries: { increment: 1 }, nextAttemptAt: null, lockedUntil: null } });
    if (count === 0) return null;
    const retried = await tx.xeroSync.findUniqueOrThrow({ where: { id } });
    await context.jobs.enqueue(XERO_SYNC_QUEUE, { syncId: id }, { singletonKey: `${id}:retry:${retried.retries}`, writer: tx });
    return retried;
  });
  if (row) context.jobs.wake(XERO_SYNC_QUEUE);
  return row;
}

export type XeroSyncContext = XeroContext & { settings: XeroSettings };

/** What became of one run of an item's job: done, or wait until a time and run again. */
export type XeroSyncOutcome = { state: XeroSyncState | 'busy' | 'missing' } | { waitUntil: Date };

/**
 * One run of an item's job. Throws only when Xero could not be reached and tries remain (the queue
 * retries with back-off); on the final try that becomes a failure staff see.
 */
export async function runXeroSync(context: XeroSyncContext, syncId: string, now: Date, { finalTry }: { finalTry: boolean }): Promise<XeroSyncOutcome> {
  const row = await context.db.xeroSync.findUnique({ where: { id: syncId } });
  if (!row) return { state: 'missing' };
  if (row.state !== 'pending') return { state: row.state as XeroSyncState };
  if (row.nextAttemptAt && row.nextAttemptAt > now) return { waitUntil: row.nextAttemptAt };
  const sender = new ItemSender(context, now, finalTry);
  try {
    const sent = await sender.attempt(row);
    return sent ? { state: 'sent' } : { state: 'busy' };
  } catch (error) {
    if (error instanceof XeroWait) return { waitUntil: error.until };
    if (error instanceof XeroFailure && error.retryable && !finalTry) throw error;
    if (!(error instanceof XeroFailure) && !finalTry) throw error;
    return { state: 'failed' };
  }
}

/** Sends items within one job run, sharing one Xero session. */
class ItemSender {
  #session: Promise<XeroSession> | undefined;

  constructor(
    private readonly context: XeroSyncContext,
    private readonly now: Date,
    private readonly finalTry: boolean,
  ) {}

  /**
   * Claims the row and sends it; false when another worker has it. The row records the outcome:
   * sent with Xero's id, waiting until a time, or failed with the reason; the error goes on up.
   */
  async attempt(row: XeroSync): Promise<boolean> {
    const { db } = this.context;
    const lockedUntil = new Date(this.now.getTime() + CLAIM_MS);
    const free = { OR: [{ lockedUntil: null }, { lockedUntil: { lt: this.now } }] };
    // A failed contact or invoice is tried again when a later item needs it (a new key: retries + 1).
    const claimed =
      (await db.xeroSync.updateMany({ where: { id: row.id, state: 'pending', ...free }, data: { lockedUntil, attempts: { increment: 1 } } })).count ||
      (await db.xeroSync.updateMany({ where: { id: row.id, state: 'failed', ...free }, data: { state: 'pending', lockedUntil, attempts: { increment: 1 }, retries: { increment: 1 } } })).count;
    if (!claimed) return false;
    const current = await db.xeroSync.findUniqueOrThrow({ where: { id: row.id } });
    try {
      const xeroId = await this.send(current);
      await db.xeroSync.update({ where: { id: row.id }, data: { state: 'sent', xeroId, sentAt: this.now, lastError: null, nextAttemptAt: null, lockedUntil: null } });
      return true;
    } catch (error) {
      await db.xeroSync.update({ where: { id: row.id }, data: this.settled(error) });
      throw error;
    }
  }

  /** The row after a try that did not send it. */
  private settled(error: unknown) {
    const lastError = errorMessage(error);
    if (error instanceof XeroWait) return { lockedUntil: null, nextAttemptAt: error.until, lastError, attempts: { decrement: 1 } };
    const retryable = error instanceof XeroFailure ? error.retryable : true;
    if (retryable && !this.finalTry) return { lockedUntil: null, lastError };
    return { state: 'failed', lockedUntil: null, lastError };
  }

  /** Xero's id of a contact or invoice this item needs, sending it first when it has not been. */
  private async dependency(kind: 'contact' | 'invoice' | 'payment', localId: string, what: string): Promise<string> {
    const row = await syncRow(this.context.db, kind, localId);
    if (row.state === 'sent' && row.xeroId) return row.xeroId;
    if (row.nextAttemptAt && row.nextAttemptAt > this.now) throw new XeroWait(row.nextAttemptAt, `Waiting for ${what} to reach Xero first.`);
    try {
      if (await this.attempt(row)) return (await this.context.db.xeroSync.findUniqueOrThrow({ where: { id: row.id } })).xeroId!;
    } catch (error) {
      if (error instanceof XeroWait) throw new XeroWait(error.until, `Waiting for ${what} to reach Xero first: ${error.message}`);
      if (error instanceof XeroFailure) throw new XeroFailure(`${what[0]!.toUpperCase()}${what.slice(1)} could not be sent: ${error.message}`, error.retryable, error.status);
      throw error;
    }
    throw new XeroWait(new Date(this.now.getTime() + DEPENDENCY_WAIT_MS), `Waiting for ${what} to reach Xero first.`);
  }

  private session(): Promise<XeroSession> {
    this.#session ??= openXeroSession(this.context, this.context.settings, this.now);
    return this.#session;
  }

  /**
   * One Accounting API call within the organisation's limits: a 401 refreshes the token and tries
   * once more; a 429 waits for its Retry-After.
   */
  private async call<T>(request: (session: XeroSession) => Promise<{ body: T }>): Promise<T> {
    const session = await this.session();
    for (let refreshed = false; ; refreshed = true) {
      await takeXeroCall(this.context.db, session.tenantId, this.now);
      try {
        return (await request(session)).body;
      } catch (raw) {
        const error = readXeroError(raw);
        if (error.status === 401 && !refreshed) {
          await session.refresh();
          continue;
        }
        if (error.status === 429) {
          const seconds = error.retryAfterSeconds ?? 60;
          throw new XeroWait(new Date(this.now.getTime() + seconds * 1000), `Xero asked us to wait ${seconds} s (its ${error.rateLimitProblem ?? 'rate'} limit).`);
        }
        // 5xx and no answer may pass; a 4xx is Xero refusing what was sent.
        throw new XeroFailure(error.message, error.status === 0 || error.status >= 500, error.status);
      }
    }
  }

  private idempotencyKey(row: XeroSync): string {
    return `grain-mutual-${row.kind}-${row.localId}-${row.retries}`;
  }

  private async send(row: XeroSync): Promise<string> {
    const { db } = this.context;
    // The SDK's enums load with the first item sent (xero-node takes half a second to load; most starts never need it).
    const { Invoice, LineAmountTypes } = await import('xero-node');
    const key = this.idempotencyKey(row);
    const firstId = (ids: (string | undefined)[] | undefined) => {
      const id = ids?.[0];
      if (!id) throw new XeroFailure('Xero answered without the id of what it created.', true);
      return id;
    };

    if (row.kind === 'contact') {
      const user = await db.user.findUnique({ where: { id: row.localId } });
      if (!user) throw new XeroFailure('The member is no longer on file.', false);
      const contact: Contact = { name: await memberName(db, user.id), firstName: user.firstName, lastName: user.lastName, emailAddress: user.email, contactNumber: user.id, taxNumber: user.abn ?? undefined };
      const body = await this.call((session) => session.client.accountingApi.createContacts(session.tenantId, { contacts: [contact] }, true, key));
      return firstId(body.contacts?.map((created) => created.contactID));
    }

    if (row.kind === 'invoice') {
      const invoice = await db.invoice.findUnique({ where: { id: row.localId } });
      if (!invoice) throw new XeroFailure('The invoice is no longer on file.', false);
      const contactID = await this.dependency('contact', invoice.userId, 'the member’s contact');
      const option = (PAYMENT_OPTIONS as readonly string[]).includes(invoice.paymentOption) ? (invoice.paymentOption as PaymentOption) : 'pay_now';
      const dueDate = paymentSchedule(option, invoice.totalCents, invoice.issuedAt).at(-1)?.dueDate;
      const invoices: Invoices = {
        invoices: [
          {
            type: Invoice.TypeEnum.ACCREC,
            contact: { contactID },
            invoiceNumber: invoice.number,
            reference: invoice.kind === 'contribution' ? `Contribution, season ${invoice.season}` : `Membership fee, season ${invoice.season}`,
            date: perthCalendarDate(invoice.issuedAt),
            dueDate,
            lineAmountTypes: LineAmountTypes.Exclusive,
            status: Invoice.StatusEnum.AUTHORISED,
            lineItems: xeroLines(invoice.lines as unknown as InvoiceLine[], this.context.settings.salesAccountCode),
          },
        ],
      };
      const body = await this.call((session) => session.client.accountingApi.createInvoices(session.tenantId, invoices, true, undefined, key));
      return firstId(body.invoices?.map((created) => created.invoiceID));
    }

    if (row.kind === 'payment') {
      const payment = await db.invoicePayment.findUnique({ where: { id: row.localId }, include: { invoice: { select: { number: true } } } });
      if (!payment) throw new XeroFailure('The payment is no longer on file.', false);
      const invoiceID = await this.dependency('invoice', payment.invoiceId, `invoice ${payment.invoice.number}`);
      const xeroPayment: Payment = {
        invoice: { invoiceID },
        account: { code: this.context.settings.bankAccountCode },
        date: payment.receivedOn,
        amount: cents(payment.amountCents),
        reference: [payment.receiptNumber, payment.reference].filter(Boolean).join(' '),
      };
      const body = await this.call((session) => session.client.accountingApi.createPayment(session.tenantId, xeroPayment, key));
      return firstId(body.payments?.map((created) => created.paymentID));
    }

    if (row.kind === 'payment_reversal') {
      // Xero deletes a payment by POST /Payments/{PaymentID} with { Status: 'DELETED' }; the invoice's amount due goes back up.
      const payment = await db.invoicePayment.findUnique({ where: { id: row.localId }, select: { receiptNumber: true, reversedAt: true } });
      if (!payment) throw new XeroFailure('The payment is no longer on file.', false);
      if (!payment.reversedAt) throw new XeroFailure(`Receipt ${payment.receiptNumber} is not reversed here, so it stays in Xero.`, false);
      const paymentID = await this.dependency('payment', row.localId, `payment ${payment.receiptNumber}`);
      const body = await this.call((session) => session.client.accountingApi.deletePayment(session.tenantId, paymentID, { status: 'DELETED' }, key));
      return firstId(body.payments?.map((deleted) => deleted.paymentID));
    }

    // A test invoice: a draft to a test contact (Xero finds it by name, or creates it), the membership fee's line.
    const invoices: Invoices = {
      invoices: [
        {
          type: Invoice.TypeEnum.ACCREC,
          contact: { name: 'Grain Growers Mutual connection test' },
          invoiceNumber: row.localId,
          reference: 'Connection test from /admin/xero-testing',
          date: perthCalendarDate(this.now),
          dueDate: perthCalendarDate(new Date(this.now.getTime() + 14 * 86_400_000)),
          lineAmountTypes: LineAmountTypes.Exclusive,
          status: Invoice.StatusEnum.DRAFT,
          lineItems: xeroLines([{ description: 'Connection test: membership fee', amountCents: 50_000, gstCents: 5_000 }], this.context.settings.salesAccountCode),
        },
      ],
    };
    const body = await this.call((session) => session.client.accountingApi.createInvoices(session.tenantId, invoices, true, undefined, key));
    return firstId(body.invoices?.map((created) => created.invoiceID));
  }
}

/**
 * Our invoice lines as Xero's, ex GST: GST on Income (OUTPUT), or GST Free Income (EXEMPTOUTPUT)
 * for the mutual's loading (shared/domain/billing/invoice.ts). The tax is given, not left to Xero,
 * so the totals in Xero are ours to the cent.
 */
export function xeroLines(lines: readonly InvoiceLine[], accountCode: string) {
  return lines.map((line) => ({
    description: line.description,
    quantity: 1,
    unitAmount: cents(line.amountCents),
    accountCode,
    taxType: line.gstFree ? 'EXEMPTOUTPUT' : 'OUTPUT',
    taxAmount: cents(line.gstCents),
  }));
}

const SYNC_LOG_PAGE_SIZE = 20;

/** The Xero page's status: what is left to configure, the connection, and a page of the sync log with its counts. */
export async function xeroStatus(context: XeroContext, page: number): Promise<XeroStatusResponse> {
  const { db } = context;
  const connection = await findXeroConnection(context);
  const [rows, total, states, connectedBy] = await Promise.all([
    db.xeroSync.findMany({ orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * SYNC_LOG_PAGE_SIZE, take: SYNC_LOG_PAGE_SIZE }),
    db.xeroSync.count(),
    db.xeroSync.groupBy({ by: ['state'], _count: { _all: true } }),
    connection ? db.user.findUnique({ where: { id: connection.connectedById }, select: { firstName: true, lastName: true } }) : null,
  ]);
  const count = (state: XeroSyncState) => states.find((row) => row.state === state)?._count._all ?? 0;
  return {
    success: true,
    missingVariables: xeroSettings(context.env).missing,
    connection: connection && presentXeroConnection(connection, connectedBy),
    counts: { pending: count('pending'), sent: count('sent'), failed: count('failed') },
    items: rows.map(presentXeroSync),
    total,
    page,
    pageSize: SYNC_LOG_PAGE_SIZE,
  };
}
