/** /dashboard/payments: invoices for the membership fee and the contribution with GST, due dates, the payment options and receipts. */
import { useWatch } from 'react-hook-form';
import { type HowToPay, type InvoiceView, PAYMENT_OPTIONS, paymentOptionInputSchema } from '@shared/contracts/dashboard';
import { howToPayLines } from '@shared/domain/billing/how-to-pay';
import { INVOICE_STATUS_LABELS, PAYMENT_OPTION_DESCRIPTIONS, PAYMENT_OPTION_LABELS } from '@shared/domain/billing/payment-plan';
import { RadioGroupField } from '../../components/ui/form/choice-fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { ApiFileLink } from '../../lib/api-files';
import { useInvoices } from './api/get-invoices';
import { useSetPaymentOption } from './api/set-payment-option';
import type { RecordScope } from '../../api/scope';
import { ClientScopeBar, useMemberScope } from './member-scope';
import { invoiceTone } from './status-tones';
import { EmptyState, ErrorState, LoadingState, Money, PageHeader, StatusBadge } from './ui';
import styles from './dashboard.module.css';
import { formatDate } from '@shared/format';
import { mayDecideFor } from '@shared/domain/accounts/record-access';
import { useSessionStore } from '../../stores/session-store';

export default function PaymentsPage() {
  const { scope, canChange } = useMemberScope();
  const invoices = useInvoices(scope);
  const outstanding = invoices.data?.invoices.reduce((sum, i) => sum + i.outstandingCents, 0) ?? 0;
  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader title="Payments" intro="Your invoices for the membership fee and the contribution, with GST, what is due when, and receipts for what you have paid." />
      {invoices.isPending && <LoadingState label="Loading invoices" />}
      {invoices.isError && <ErrorState title="Invoices could not be loaded" query={invoices} />}
      {invoices.isSuccess &&
        (invoices.data.invoices.length === 0 ? (
          <EmptyState icon="invoice" title="Nothing to pay yet">
            <p>Invoices are issued once the board accepts an application: one for the season’s $500 membership fee and one for the contribution, each with GST.</p>
          </EmptyState>
        ) : (
          <>
            <section className={styles.card} aria-label="Balance">
              <div className={styles.statLabel}>Outstanding</div>
              <div className={styles.stat}>
                <Money cents={outstanding} />
              </div>
            </section>
            {invoices.data.invoices.map((invoice) => (
              <InvoiceCard key={invoice.id} invoice={invoice} howToPay={invoices.data.howToPay} scope={scope} canChange={canChange} />
            ))}
          </>
        ))}
    </div>
  );
}

const paymentChoices = PAYMENT_OPTIONS.map((option) => ({ value: option, label: PAYMENT_OPTION_LABELS[option], description: PAYMENT_OPTION_DESCRIPTIONS[option] }));

function InvoiceCard({ invoice, howToPay, scope, canChange }: { invoice: InvoiceView; howToPay: HowToPay; scope: RecordScope; canChange: boolean }) {
  return (
    <article className={styles.card} aria-labelledby={`invoice-${invoice.id}`} data-testid="invoice-card">
      <div className={styles.cardHeader}>
        <h2 id={`invoice-${invoice.id}`}>
          {invoice.kind === 'membership_fee' ? 'Membership fee' : 'Contribution'} · {invoice.number}
        </h2>
        <StatusBadge tone={invoiceTone[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</StatusBadge>
      </div>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.stack}`}>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col" className={styles.number}>
                Ex GST
              </th>
              <th scope="col" className={styles.number}>
                GST
              </th>
              <th scope="col" className={styles.number}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.description}>
                <td data-label="Description">{line.description}</td>
                <td data-label="Ex GST" className={styles.number}>
                  <Money cents={line.amountCents} />
                </td>
                <td data-label="GST" className={styles.number}>
                  <Money cents={line.gstCents} />
                </td>
                <td data-label="Total" className={styles.number}>
                  <Money cents={line.amountCents + line.gstCents} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td data-label="Invoice total">Total including GST</td>
              <td data-label="Ex GST" className={styles.number}>
                <Money cents={invoice.subtotalCents} />
              </td>
              <td data-label="GST" className={styles.number}>
                <Money cents={invoice.gstCents} />
              </td>
              <td data-label="Total" className={styles.number}>
                <Money cents={invoice.totalCents} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className={styles.muted}>
        Issued {formatDate(invoice.issuedAt)} · paid <Money cents={invoice.paidCents} /> · outstanding <Money cents={invoice.outstandingCents} />
        {invoice.nextDue && (
          <>
            {' '}
            · next <Money cents={invoice.nextDue.amountCents} /> by <strong>{formatDate(invoice.nextDue.dueDate)}</strong>
          </>
        )}
      </p>
      <PaymentOptionForm invoice={invoice} scope={scope} canChange={canChange} />
      <div className={styles.actions}>
        <ApiFileLink className="button" path={invoice.pdfUrl} opensInTab>
          Tax invoice (PDF)
        </ApiFileLink>
        {invoice.payments.map((payment) => (
          <ApiFileLink key={payment.id} className="button" path={payment.receiptUrl} opensInTab>
            Receipt {payment.receiptNumber} (PDF){payment.reversal && ', reversed'}
          </ApiFileLink>
        ))}
      </div>
      {invoice.payments.map(
        (payment) =>
          payment.reversal && (
            <p key={payment.id} className={`${styles.notice} ${styles.noticeWarning} ${styles.small} ${styles.reversedNote}`}>
              <strong>
                Reversed on {formatDate(payment.reversal.on)}: {/[.!?]$/.test(payment.reversal.reason) ? payment.reversal.reason : `${payment.reversal.reason}.`}
              </strong>{' '}
              Receipt {payment.receiptNumber} (<Money cents={payment.amountCents} />, received {formatDate(payment.receivedOn)}) no longer counts towards this invoice.
            </p>
          ),
      )}
      {invoice.outstandingCents > 0 && (
        <div className={`${styles.hint} ${styles.small}`} data-testid="how-to-pay">
          <strong>How to pay</strong>
          {howToPayLines(howToPay, invoice.number).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>Payments show here once they reach us.</p>
        </div>
      )}
    </article>
  );
}

/** How the member pays this invoice: chosen here, saved with the button, fixed once a payment arrives. */
function PaymentOptionForm({ invoice, scope, canChange }: { invoice: InvoiceView; scope: RecordScope; canChange: boolean }) {
  const form = useZodForm(paymentOptionInputSchema, { paymentOption: invoice.paymentOption });
  const setPaymentOption = useSetPaymentOption(scope);
  const chosen = useWatch({ control: form.control, name: 'paymentOption' });
  const changed = chosen !== invoice.paymentOption;
  const viewer = useSessionStore((state) => state.user);
  // Fixed for the member and their broker; an administrator acting for the member rearranges it (the server's same rule).
  const rearranges = invoice.optionFixed !== null && scope.memberId !== undefined && mayDecideFor(viewer, scope.memberId);
  return (
    <Form
      form={form}
      aria-label={`How you pay ${invoice.number}`}
      onSubmit={async (choice) => {
        const { invoice: saved } = await setPaymentOption.mutateAsync({ invoiceId: invoice.id, choice });
        form.reset({ paymentOption: saved.paymentOption });
      }}
    >
      <RadioGroupField
        name="paymentOption"
        legend="How you pay"
        options={paymentChoices}
        disabled={!canChange || (invoice.optionFixed !== null && !rearranges) || form.formState.isSubmitting}
        hint={
          <>
            {PAYMENT_OPTION_DESCRIPTIONS[chosen ?? invoice.paymentOption]}
            {invoice.optionFixed !== null && ` ${invoice.optionFixed}`}
            {rearranges && canChange && ' As an administrator you can still change it for the member.'}
          </>
        }
      />
      <ul className={styles.small}>
        {invoice.schedule.map((item) => (
          <li key={item.dueDate}>
            <Money cents={item.amountCents} /> due {formatDate(item.dueDate)}
          </li>
        ))}
      </ul>
      <FormError />
      {changed ? (
        <div className={styles.actions}>
          <SubmitButton label="Save how I pay" busy="Saving…" />
          <span className={`${styles.hint} ${styles.small} ${styles.actionsNote}`}>The due dates above change once you save.</span>
        </div>
      ) : (
        setPaymentOption.isSuccess && (
          <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
            Saved: {PAYMENT_OPTION_LABELS[invoice.paymentOption].toLowerCase()}.
          </p>
        )
      )}
    </Form>
  );
}
