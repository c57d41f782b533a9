/**
 * A member's invoices as staff work with them (docs/dashboard.md 'Recording and reversing payments'):
 * each with its total, what is paid and the balance, every payment (receipt, day, method, reference,
 * who recorded it, any reversal), "Record a payment", and undoing a mistaken one. Used by the person
 * page (admin-people) and the applications list (admin-operations), which may not import each other.
 */
import { useState } from 'react';
import {
  type InvoicePaymentView,
  type InvoiceStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentReversalInputSchema,
  type RecordPaymentInput,
  recordPaymentInputSchema,
  type StaffInvoiceView,
  type StaffPaymentView,
} from '@shared/contracts/dashboard';
import { mayDecideFor, OWN_ACCOUNT_DECISION_MESSAGE } from '@shared/domain/accounts/record-access';
import { INVOICE_STATUS_LABELS } from '@shared/domain/billing/payment-plan';
import { perthToday } from '@shared/perth-time';
import { PAYMENT_METHOD_LABELS, PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS, paymentMethodLabel, reversalNeedsSecondPerson } from '@shared/domain/billing/payments';
import { typedDollarsOf } from '@shared/typed-dollars';
import { formatCents, formatDate, formatDateTime, formatMoneyInSentence } from '@shared/format';
import type { z } from 'zod';
import { ApiFileLink } from '../../../lib/api-files';
import { failureMessage } from '../../../lib/react-query';
import { useSession } from '../../../stores/use-session';
import { SelectField, TextareaField, TextField } from '../../ui/form/fields';
import { Form, FormError, useZodForm, SubmitOrCancel } from '../../ui/form/form';
import { FormRow } from '../../ui/form/form-row';
import { ListEmpty, ListError, ListLoading } from '../admin-ui';
import admin from '../admin.module.css';
import { useApproveReversal } from './api/approve-reversal';
import { useMemberInvoices } from './api/get-member-invoices';
import { useRecordPayment } from './api/record-payment';
import { useRejectReversal } from './api/reject-reversal';
import { useReversePayment } from './api/reverse-payment';
import styles from './invoice-payments.module.css';

const KIND_LABELS = { membership_fee: 'Membership fee', contribution: 'Contribution' } as const;
const STATUS_TONES: Record<InvoiceStatus, string> = { unpaid: 'info', part_paid: 'warning', overdue: 'danger', paid: 'success' };
const THRESHOLD = formatMoneyInSentence(PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS / 100);

type Notice = { tone: 'success' | 'danger'; text: string };

/**
 * The member's invoices (those of one application when `applicationId` is given), with their payments.
 * `onReversalDecided` hears a waiting reversal approved or rejected: a list of reversals waiting
 * loses this card once it is decided, so the list shows what happened.
 */
export function InvoicePayments({ memberId, applicationId, onReversalDecided }: { memberId: string; applicationId?: string; onReversalDecided?: (message: string) => void }) {
  const invoices = useMemberInvoices(memberId);
  if (invoices.isPending) return <ListLoading label="Loading invoices…" />;
  if (invoices.isError) return <ListError query={invoices} fallback="The invoices could not be loaded. Check your connection and try again." />;
  const shown = invoices.data.invoices.filter((invoice) => !applicationId || invoice.applicationId === applicationId);
  if (shown.length === 0) return <ListEmpty>No invoices yet: they are issued when the board accepts an application.</ListEmpty>;
  return (
    <ul className={styles.list} aria-label="Invoices, newest first" aria-busy={invoices.isFetching}>
      {shown.map((invoice) => (
        <li key={invoice.id}>
          <InvoiceCard invoice={invoice} memberId={memberId} onReversalDecided={onReversalDecided} />
        </li>
      ))}
    </ul>
  );
}

function InvoiceCard({ invoice, memberId, onReversalDecided }: { invoice: StaffInvoiceView; memberId: string; onReversalDecided?: (message: string) => void }) {
  const { user } = useSession();
  const [open, setOpen] = useState<{ form: 'record' } | { form: 'reverse'; paymentId: string } | null>(null);
  const [notice, setNotice] = useState<Notice>();
  const record = useRecordPayment(memberId);
  const reverse = useReversePayment(memberId);
  const reversing = open?.form === 'reverse' ? invoice.payments.find((payment) => payment.id === open.paymentId) : undefined;
  const done = (text: string) => {
    setOpen(null);
    setNotice({ tone: 'success', text });
  };

  return (
    <article className={styles.invoice} aria-label={`Invoice ${invoice.number}`}>
      <div className={styles.top}>
        <h3>
          {invoice.number} · {KIND_LABELS[invoice.kind]}, season {invoice.season}
        </h3>
        <span className={admin.badge} data-tone={STATUS_TONES[invoice.status]}>
          {INVOICE_STATUS_LABELS[invoice.status]}
        </span>
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>Total</dt> <dd>{formatCents(invoice.totalCents)}</dd>
        </div>
        <div>
          <dt>Paid</dt> <dd>{formatCents(invoice.paidCents)}</dd>
        </div>
        <div>
          <dt>Balance</dt> <dd>{formatCents(invoice.outstandingCents)}</dd>
        </div>
      </dl>
      {notice && (
        <p className={notice.tone === 'success' ? admin.notice : admin.error} role={notice.tone === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <PaymentsTable
        invoice={invoice}
        memberId={memberId}
        onReverse={(paymentId) => (setNotice(undefined), setOpen({ form: 'reverse', paymentId }))}
        onNotice={(decision) => {
          setNotice(decision);
          if (decision.tone === 'success') onReversalDecided?.(decision.text);
        }}
      />
      {reversing && (
        <ReversePaymentForm
          payment={reversing}
          needsSecondPerson={reversalNeedsSecondPerson({ amountCents: reversing.amountCents, memberId, actorId: user?.id ?? '' })}
          onSubmit={async (input) => done((await reverse.mutateAsync({ invoiceId: invoice.id, paymentId: reversing.id, input })).message)}
          onCancel={() => setOpen(null)}
        />
      )}
      {open?.form === 'record' ? (
        <RecordPaymentForm
          invoice={invoice}
          onSubmit={async (payment) => {
            const { invoice: saved } = await record.mutateAsync({ invoiceId: invoice.id, payment });
            done(`Recorded ${formatCents(saved.paidCents - invoice.paidCents)} against ${invoice.number}. The balance is now ${formatCents(saved.outstandingCents)}, and the member is e-mailed their receipt.`);
          }}
          onCancel={() => setOpen(null)}
        />
      ) : (
        invoice.outstandingCents > 0 &&
        (mayDecideFor(user, memberId) ? (
          <div className={admin.panelActions}>
            <button type="button" className="button button-primary" onClick={() => (setNotice(undefined), setOpen({ form: 'record' }))}>
              Record a payment
            </button>
          </div>
        ) : (
          <p className={admin.muted}>{OWN_ACCOUNT_DECISION_MESSAGE}</p>
        ))
      )}
    </article>
  );
}

function PaymentsTable({ invoice, memberId, onReverse, onNotice }: { invoice: StaffInvoiceView; memberId: string; onReverse: (paymentId: string) => void; onNotice: (notice: Notice) => void }) {
  if (invoice.payments.length === 0) return <p className={admin.muted}>No payments recorded yet.</p>;
  return (
    <table className={`${admin.table} ${styles.payments}`}>
      <caption className="visually-hidden">Payments against {invoice.number}</caption>
      <thead>
        <tr>
          <th scope="col">Receipt</th>
          <th scope="col">Received</th>
          <th scope="col">Method</th>
          <th scope="col" className={styles.amount}>
            Amount
          </th>
          <th scope="col">Recorded by</th>
          <th scope="col">Reversal</th>
        </tr>
      </thead>
      <tbody>
        {invoice.payments.map((payment) => (
          <tr key={payment.id} data-reversed={payment.reversal ? true : undefined}>
            <td data-label="Receipt">
              <div>
                <ApiFileLink path={payment.receiptUrl} opensInTab>
                  {payment.receiptNumber} (PDF)
                </ApiFileLink>
                {payment.reference && <div className={admin.muted}>Reference {payment.reference}</div>}
              </div>
            </td>
            <td data-label="Received">{formatDate(payment.receivedOn)}</td>
            <td data-label="Method">{paymentMethodLabel(payment.method)}</td>
            <td data-label="Amount" className={styles.amount}>
              {formatCents(payment.amountCents)}
            </td>
            <td data-label="Recorded by">
              <div>
                {payment.recordedBy}
                <div className={admin.muted}>{formatDateTime(payment.recordedAt)}</div>
              </div>
            </td>
            <td data-label="Reversal">
              <ReversalCell invoice={invoice} payment={payment} memberId={memberId} onReverse={() => onReverse(payment.id)} onNotice={onNotice} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A payment's reversal: done (when, by whom, why), waiting for a second person (with the decision), or offered. */
function ReversalCell({
  invoice,
  payment,
  memberId,
  onReverse,
  onNotice,
}: {
  invoice: StaffInvoiceView;
  payment: StaffPaymentView;
  memberId: string;
  onReverse: () => void;
  onNotice: (notice: Notice) => void;
}) {
  const approve = useApproveReversal(memberId);
  const reject = useRejectReversal(memberId);
  const decide = async (run: () => Promise<{ message: string }>) => {
    try {
      onNotice({ tone: 'success', text: (await run()).message });
    } catch (error) {
      onNotice({ tone: 'danger', text: failureMessage(error, 'That did not work. Check your connection and try again.') });
    }
  };
  const ids = { invoiceId: invoice.id, paymentId: payment.id };
  if (payment.reversal) {
    return (
      <div>
        <span className={admin.badge} data-tone="danger">
          Reversed
        </span>
        <div className={styles.small}>
          on {formatDate(payment.reversal.on)} by {payment.reversal.by}: {payment.reversal.reason}
        </div>
      </div>
    );
  }
  const waiting = payment.pendingReversal;
  if (waiting) {
    const busy = approve.isPending || reject.isPending;
    return (
      <div className={styles.waiting}>
        <span className={admin.badge} data-tone="warning">
          Awaiting a second person
        </span>
        <div className={styles.small}>
          {waiting.mine ? 'You' : waiting.requestedBy} asked on {formatDateTime(waiting.requestedAt)}: {waiting.reason}
        </div>
        {waiting.refusal && <div className={admin.muted}>{waiting.refusal}</div>}
        <div className={styles.buttons}>
          {!waiting.refusal && (
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void decide(() => approve.mutateAsync(ids))}>
              Approve the reversal
            </button>
          )}
          <button type="button" className="button" disabled={busy} onClick={() => void decide(() => reject.mutateAsync(ids))}>
            {waiting.mine ? 'Withdraw' : 'Reject'}
          </button>
        </div>
      </div>
    );
  }
  return (
    <button type="button" className={`button ${admin.linkButton}`} onClick={onReverse} aria-label={`Reverse ${payment.receiptNumber}`}>
      Reverse…
    </button>
  );
}

/** "Record a payment": the shared schema the server parses, the amount typed in dollars (the balance to start with). */
export function RecordPaymentForm({
  invoice,
  onSubmit,
  onCancel,
}: {
  invoice: Pick<StaffInvoiceView, 'number' | 'outstandingCents'>;
  onSubmit: (payment: RecordPaymentInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const today = perthToday();
  const form = useZodForm(recordPaymentInputSchema, { amountDollars: typedDollarsOf(invoice.outstandingCents), receivedOn: today, method: '' as PaymentMethod, reference: '' });
  return (
    <Form form={form} className={admin.panel} aria-label={`Record a payment on ${invoice.number}`} onSubmit={onSubmit} failureMessage="The payment could not be recorded. Check your connection and try again.">
      <h4>Record a payment on {invoice.number}</h4>
      <p className={admin.muted}>The member gets a receipt by e-mail, and the payment goes to Xero.</p>
      <FormError />
      <FormRow>
        <TextField name="amountDollars" label="Amount ($)" inputMode="decimal" autoComplete="off" hint={`${formatCents(invoice.outstandingCents)} is still to pay`} />
        <TextField name="receivedOn" label="Date received" type="date" max={today} hint="The day the money reached the account" />
      </FormRow>
      <FormRow>
        <SelectField name="method" label="Method" options={[{ value: '', label: 'Choose…' }, ...PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))]} />
        <TextField name="reference" label="Reference (optional)" autoComplete="off" hint="The bank’s reference or the cheque number" />
      </FormRow>
      <SubmitOrCancel className={admin.panelActions} busy="Recording…" label="Record the payment" onCancel={onCancel} />
    </Form>
  );
}

/** Undoing a mistaken payment: why (kept with it and told to the member); above the threshold it waits for a second person. */
export function ReversePaymentForm({
  payment,
  needsSecondPerson,
  onSubmit,
  onCancel,
}: {
  payment: Pick<InvoicePaymentView, 'receiptNumber' | 'amountCents'>;
  needsSecondPerson: boolean;
  onSubmit: (input: z.output<typeof paymentReversalInputSchema>) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useZodForm(paymentReversalInputSchema, { reason: '' });
  return (
    <Form form={form} className={admin.panel} aria-label={`Reverse ${payment.receiptNumber}`} onSubmit={onSubmit} failureMessage="The payment could not be reversed. Check your connection and try again.">
      <h4>
        Reverse {payment.receiptNumber} ({formatCents(payment.amountCents)})
      </h4>
      <p className={admin.muted}>
        The payment stops counting: the balance and the member’s stage go back, Xero deletes it, and the member is e-mailed. Its receipt stays, marked reversed.
        {needsSecondPerson && ` A second administrator must approve it first: it is over ${THRESHOLD}, or on your own account.`}
      </p>
      <FormError />
      <TextareaField name="reason" label="Why is it reversed? (the member is told)" rows={2} />
      <SubmitOrCancel className={admin.panelActions} busy="Sending…" label={needsSecondPerson ? 'Ask for a second person’s approval' : 'Reverse the payment'} onCancel={onCancel} />
    </Form>
  );
}
