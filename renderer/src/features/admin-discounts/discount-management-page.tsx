import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { type ApprovalCheck as ApprovalCheckView, type DiscountApplication, type DiscountSummaryResponse, type ManualDiscount, manualDiscountInputSchema } from '@shared/contracts/discounts';
import { MAKER_CHECKER_WINDOW_DAYS } from '@shared/domain/accounts/maker-checker';
import { formatCents, formatDate, formatDateTime, formatMonth } from '@shared/format';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager, SearchForm } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { MoneyBars } from '../../components/charts/money-bars';
import { TextareaField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { ApiFileLink } from '../../lib/api-files';
import { failureMessage } from '../../lib/react-query';
import { useSessionStore } from '../../stores/session-store';
import { discountApplicationsCsvPath, type DiscountListFilters, useDiscountApplications } from './api/get-discount-applications';
import { useDiscountRules } from './api/get-discount-rules';
import { useDiscountSummary } from './api/get-discount-summary';
import { type ManualDiscountAction, useGrantManualDiscount, useManualDiscountAction } from './api/manual-discounts';
import { ApprovalCheck } from './approval-check';
import { NumberField } from './rule-fields';
import { useFocusReturn } from '../../lib/use-focus-return';

const searchSchema = z.object({ search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional() });
const STATUS_LABELS: Record<ManualDiscount['status'], string> = { pending: 'Awaiting approval', approved: 'Approved', rejected: 'Rejected', revoked: 'Revoked' };

/** /admin/discount-management: the discounts actually given this season, manual discounts with a second administrator's approval, and totals. */
export default function DiscountManagementPage() {
  const [params, setParams] = useSearchParams();
  const filters: DiscountListFilters = { season: params.get('season') ?? '', rule: params.get('rule') ?? '', q: params.get('q') ?? '', page: Number(params.get('page') ?? '1') || 1 };
  const change = (next: Partial<DiscountListFilters>) => {
    const merged = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) if (value && !(key === 'page' && value === 1)) search.set(key, String(value));
    setParams(search);
  };
  const summary = useDiscountSummary(filters.season);
  const thisSeason = summary.data?.seasonYear ?? new Date().getFullYear();
  return (
    <section>
      <AdminPageHeader title="Discount management">
        What each application was given, by rule and by hand. A manual discount counts only once a second administrator approves it: not the one who asked, not the member whose application it is, and no one
        tied to either by an administrator role given in the last {MAKER_CHECKER_WINDOW_DAYS} days. The figures are those recorded when the application was submitted.
      </AdminPageHeader>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor="discount-season">Season</label>
          <select id="discount-season" className={styles.input} value={filters.season} onChange={(event) => change({ season: event.target.value })}>
            <option value="">This season</option>
            {[1, 2, 3].map((back) => (
              <option key={back} value={String(thisSeason - back)}>
                {thisSeason - back}
              </option>
            ))}
          </select>
        </div>
      </div>
      {summary.isPending && <ListLoading label="Loading the totals…" />}
      {summary.isError && <ListError query={summary} fallback="The totals could not be loaded. Check your connection and try again." />}
      {summary.isSuccess && <Totals summary={summary.data} />}
      <ApplicationsList filters={filters} onChange={change} />
    </section>
  );
}

function Totals({ summary }: { summary: DiscountSummaryResponse }) {
  return (
    <>
      {summary.pending.length > 0 && (
        <div className={styles.panel}>
          <h2 className={ops.sectionTitle}>Awaiting a second administrator ({summary.pending.length})</h2>
          <ul className={ops.itemList}>
            {summary.pending.map((discount) => (
              <li key={discount.id} className={ops.detail}>
                <strong>{formatCents(discount.amountCents)}</strong> for {discount.memberName} (application {discount.applicationReference}): {discount.reason}
                <br />
                <span className={styles.muted}>
                  Asked by {discount.requestedBy}, {formatDateTime(discount.requestedAt)}
                </span>
                <ApprovalCheck approval={discount.approval} requestedBy={discount.requestedBy} />
                <ManualActions discount={discount} approval={discount.approval} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <h2 className={ops.sectionTitle}>
        Season {summary.seasonYear}: {formatCents(summary.totalCents)} given
      </h2>
      {summary.byRule.length === 0 ? (
        <ListEmpty>No discounts were given on applications of this season.</ListEmpty>
      ) : (
        <div className={styles.panelGrid}>
          <div className={styles.panel}>
            <h3>By rule</h3>
            <MoneyBars label="Discounts by rule" items={summary.byRule.map((row) => ({ name: row.ruleName, cents: row.amountCents, count: row.applications }))} />
            <TotalsTable caption="Discounts by rule" first="Rule" rows={summary.byRule.map((row) => ({ key: row.ruleId, name: row.ruleName, count: row.applications, cents: row.amountCents }))} />
          </div>
          <div className={styles.panel}>
            <h3>By month of submission</h3>
            <MoneyBars label="Discounts by month" items={summary.byMonth.map((row) => ({ name: formatMonth(row.month), cents: row.amountCents, count: row.applications }))} />
            <TotalsTable caption="Discounts by month" first="Month" rows={summary.byMonth.map((row) => ({ key: row.month, name: formatMonth(row.month), count: row.applications, cents: row.amountCents }))} />
          </div>
        </div>
      )}
    </>
  );
}

function TotalsTable({ caption, first, rows }: { caption: string; first: string; rows: Array<{ key: string; name: string; count: number; cents: number }> }) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">Applications</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td data-label={first}>{row.name}</td>
            <td data-label="Applications">{row.count}</td>
            <td data-label="Amount">{formatCents(row.cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ApplicationsList({ filters, onChange }: { filters: DiscountListFilters; onChange: (next: Partial<DiscountListFilters>) => void }) {
  const list = useDiscountApplications(filters);
  const rules = useDiscountRules();
  const ruleOptions = [...(rules.data?.rules.map((rule) => ({ value: rule.id, label: rule.name })) ?? []), { value: 'manual', label: 'Manual discounts' }];
  return (
    <>
      <h2 className={ops.sectionTitle}>Applications with a discount</h2>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor="discount-rule">Discount</label>
          <select id="discount-rule" className={styles.input} value={filters.rule} onChange={(event) => onChange({ rule: event.target.value })}>
            <option value="">Any discount</option>
            {ruleOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <SearchForm label="Member name, e-mail or business" schema={searchSchema} search={filters.q} onSearch={(q) => onChange({ q })} />
      <p>
        <ApiFileLink path={discountApplicationsCsvPath(filters)} fileName="discounts.csv">
          Download as CSV
        </ApiFileLink>
      </p>
      {list.isPending && <ListLoading label="Loading the applications…" />}
      {list.isError && <ListError query={list} fallback="The applications could not be loaded. Check your connection and try again." />}
      {list.isSuccess && list.data.total === 0 && <ListEmpty>No application of this season matches.</ListEmpty>}
      {list.isSuccess && list.data.total > 0 && (
        <>
          <ul className={ops.itemList}>
            {list.data.applications.map((application) => (
              <ApplicationItem key={application.id} application={application} />
            ))}
          </ul>
          <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(page) => onChange({ ...filters, page })} noun="application" />
        </>
      )}
    </>
  );
}

function ApplicationItem({ application }: { application: DiscountApplication }) {
  const [granting, setGranting] = useState(false);
  const grantButton = useFocusReturn<HTMLButtonElement>(granting);
  return (
    <li className={ops.detail} aria-label={`Application of ${application.memberName}`}>
      <div className={ops.itemTop}>
        <strong>{application.memberName}</strong>
        <span className={styles.muted}>
          {application.reference} · {application.memberEmail} · submitted {formatDate(application.submittedAt)} · {application.zoneCode} · model {application.modelVersion}
        </span>
      </div>
      <p>
        Premium {formatCents(application.premiumCents)} (before discounts {formatCents(application.grossPremiumCents)}); discounts that count: {formatCents(application.totalDiscountCents)}
      </p>
      <table className={styles.table}>
        <caption className="visually-hidden">Discounts of this application</caption>
        <thead>
          <tr>
            <th scope="col">Discount</th>
            <th scope="col">Amount</th>
            <th scope="col">Why</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {application.ruleDiscounts.map((discount) => (
            <tr key={discount.ruleId}>
              <td data-label="Discount">{discount.ruleName}</td>
              <td data-label="Amount">{formatCents(discount.amountCents)}</td>
              <td data-label="Why">{discount.description}</td>
              <td data-label="Status">Given with the application</td>
            </tr>
          ))}
          {application.manualDiscounts.map((discount) => (
            <tr key={discount.id}>
              <td data-label="Discount">Manual discount</td>
              <td data-label="Amount">{formatCents(discount.amountCents)}</td>
              <td data-label="Why">
                {discount.reason}
                <br />
                <span className={styles.muted}>
                  Asked by {discount.requestedBy}
                  {discount.decidedBy ? `; ${discount.status === 'rejected' ? 'rejected' : 'approved'} by ${discount.decidedBy}` : ''}
                  {discount.revokedBy ? `; revoked by ${discount.revokedBy}: ${discount.revokeReason ?? ''}` : ''}
                </span>
              </td>
              <td data-label="Status">
                <span className={styles.badge}>{STATUS_LABELS[discount.status]}</span>
                <ManualActions discount={discount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {granting ? (
        <GrantForm application={application} onDone={() => setGranting(false)} />
      ) : (
        <button ref={grantButton} type="button" className="button" onClick={() => setGranting(true)} disabled={application.manualRoomCents === 0}>
          Grant a manual discount
        </button>
      )}
    </li>
  );
}

/**
 * Approve or reject (someone else's request) and revoke; the server decides, these only offer what it
 * allows. Approving is offered only in the list of discounts waiting, beside the role changes that
 * decide who may approve (`approval`), and not when the maker-checker rule would refuse it.
 */
function ManualActions({ discount, approval }: { discount: ManualDiscount; approval?: ApprovalCheckView }) {
  const me = useSessionStore((state) => state.user?.id);
  const act = useManualDiscountAction();
  const [revoking, setRevoking] = useState(false);
  const revokeButton = useFocusReturn<HTMLButtonElement>(revoking);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (change: ManualDiscountAction) => {
    setProblem(null);
    try {
      await act.mutateAsync({ id: discount.id, ...change });
      setRevoking(false);
    } catch (error) {
      setProblem(failureMessage(error, 'That did not work. Check your connection and try again.'));
    }
  };
  if (discount.status !== 'pending' && discount.status !== 'approved') return null;
  return (
    <div className={ops.formRow}>
      {discount.status === 'pending' &&
        (approval === undefined ? (
          <span className={styles.muted}>Waiting for a second administrator: approve or reject it under ‘Awaiting a second administrator’ above.</span>
        ) : discount.requestedById === me ? (
          <span className={styles.muted}>Another administrator must approve it.</span>
        ) : (
          <>
            {approval.refusal === null && (
              <button type="button" className="button button-primary" disabled={act.isPending} onClick={() => void run({ action: 'approve' })}>
                Approve
              </button>
            )}
            <button type="button" className="button" disabled={act.isPending} onClick={() => void run({ action: 'reject' })}>
              Reject
            </button>
          </>
        ))}
      {revoking ? (
        <RevokeForm onRevoke={(reason) => run({ action: 'revoke', reason })} onCancel={() => setRevoking(false)} />
      ) : (
        <button ref={revokeButton} type="button" className="button" onClick={() => setRevoking(true)}>
          Revoke
        </button>
      )}
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
    </div>
  );
}

const revokeSchema = z.object({ reason: z.string().trim().min(5, { error: 'Say why, in at least 5 characters' }).max(500, { error: 'At most 500 characters' }) });

function RevokeForm({ onRevoke, onCancel }: { onRevoke: (reason: string) => Promise<void>; onCancel: () => void }) {
  const form = useZodForm(revokeSchema, { reason: '' });
  return (
    <Form form={form} className={ops.form} onSubmit={(values) => onRevoke(values.reason)} aria-label="Revoke the discount" opensInPlace>
      <TextareaField name="reason" label="Why it is revoked" rows={2} />
      <div className={ops.formRow}>
        <button type="submit" className="button button-primary">
          Revoke
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

function GrantForm({ application, onDone }: { application: DiscountApplication; onDone: () => void }) {
  const grant = useGrantManualDiscount();
  const form = useZodForm(manualDiscountInputSchema, { applicationId: application.id, reason: '' });
  return (
    <Form
      form={form}
      opensInPlace
      className={ops.form}
      onSubmit={async (values) => {
        await grant.mutateAsync(values);
        onDone();
      }}
      failureMessage="The discount could not be recorded. Check your connection and try again."
      aria-label={`Manual discount for ${application.memberName}`}
    >
      <NumberField name="amount" label="Amount ($)" hint={`At most ${formatCents(application.manualRoomCents)}`} />
      <TextareaField name="reason" label="Reason" rows={2} />
      <FormError />
      <div className={ops.formRow}>
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          Ask for approval
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
