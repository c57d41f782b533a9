/** /dashboard/payments: invoices for the membership fee and the contribution with GST, due dates, the payment options and receipts. */
import { useState } from 'react';
import type { InvoiceView } from '@shared/contracts/dashboard';
import { INVOICE_STATUS_LABELS, PAYMENT_OPTION_DESCRIPTIONS, PAYMENT_OPTION_LABELS, PAYMENT_OPTIONS, type PaymentOption } from '@shared/domain/dashboard/payment-plan';
import { formatDate } from '@shared/format';
import { ApiFileLink } from '../../lib/api-files';
import { dashboardApi } from './dashboard-api';
import { ClientScopeBar, useMemberScope } from './member-scope';
import { invoiceTone } from './status-tones';
import { EmptyState, ErrorState, LoadingState, Money, PageHeader, StatusBadge } from './ui';
import { useResource } from './use-resource';
import styles from './dashboard.module.css';

export default function PaymentsPage() {
  const { memberId, key } = useMemberScope();
  const invoices = useResource(() => dashboardApi.invoices(memberId), key);
  const outstanding = invoices.status === 'ready' ? invoices.data.invoices.reduce((sum, i) => sum + i.outstandingCents, 0) : 0;
  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader title="Payments" intro="Your invoices for the membership fee and the contribution, with GST, what is due when, and receipts for what you have paid." />
      {invoices.status === 'loading' && <LoadingState label="Loading invoices" />}
      {invoices.status === 'error' && <ErrorState title="Invoices could not be loaded" message={invoices.error} onRetry={invoices.reload} />}
      {invoices.status === 'ready' &&
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
              <InvoiceCard
                key={invoice.id}
                invoice={invoice}
                onChange={(next) => invoices.status === 'ready' && invoices.set({ invoices: invoices.data.invoices.map((i) => (i.id === next.id ? next : i)) })}
              />
            ))}
          </>
        ))}
    </div>
  );
}

function InvoiceCard({ invoice, onChange }: { invoice: InvoiceView; onChange: (invoice: InvoiceView) => void }) {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(option: PaymentOption) {
    setSaving(true);
    setProblem(null);
    try {
      onChange((await dashboardApi.setPaymentOption(invoice.id, option)).invoice);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The payment option could not be changed.');
    } finally {
      setSaving(false);
    }
  }

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
      <fieldset className={styles.fieldset} disabled={!invoice.canChangeOption || saving}>
        <legend>How you pay</legend>
        <div className={styles.choices}>
          {PAYMENT_OPTIONS.map((option) => (
            <label key={option} className={styles.choice} title={PAYMENT_OPTION_DESCRIPTIONS[option]}>
              <input type="radio" name={`option-${invoice.id}`} checked={invoice.paymentOption === option} onChange={() => void choose(option)} />
              {PAYMENT_OPTION_LABELS[option]}
            </label>
          ))}
        </div>
        <p className={`${styles.hint} ${styles.small}`}>
          {PAYMENT_OPTION_DESCRIPTIONS[invoice.paymentOption]}
          {!invoice.canChangeOption && ' Payments have been received, so the option is fixed.'}
        </p>
        <ul className={styles.small}>
          {invoice.schedule.map((item) => (
            <li key={item.dueDate}>
              <Money cents={item.amountCents} /> due {formatDate(item.dueDate)}
            </li>
          ))}
        </ul>
      </fieldset>
      {problem && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <ApiFileLink className="button" path={invoice.pdfUrl} opensInTab>
          Tax invoice (PDF)
        </ApiFileLink>
        {invoice.payments.map((payment) => (
          <ApiFileLink key={payment.id} className="button" path={payment.receiptUrl} opensInTab>
            Receipt {payment.receiptNumber} (PDF)
          </ApiFileLink>
        ))}
      </div>
      <p className={`${styles.hint} ${styles.small}`}>Pay by EFT or BPAY quoting {invoice.number} as the reference. Payments show here once they reach us.</p>
    </article>
  );
}
