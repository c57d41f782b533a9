/**
 * /admin/renewals (docs/seasons.md 'The renewal pipeline'): once a new season opens, every member
 * with cover before it, counted and listed by where they stand (due, started, submitted, lapsed),
 * with a reminder staff send to those who have not applied.
 */
import { RENEWAL_STAGES, type RenewalRow, type RenewalStage } from '@shared/contracts/renewals';
import { formatDate, formatLongDate } from '@shared/format';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { useUrlFilters } from '../../components/admin/use-url-filters';
import { failureMessage } from '../../lib/react-query';
import { useRemindToRenew, useRenewals } from './api/renewals';

const STAGE_LABELS: Record<RenewalStage, string> = { due: 'Due', started: 'Started', submitted: 'Submitted', lapsed: 'Lapsed' };
const STAGE_TONES: Record<RenewalStage, string> = { due: 'info', started: 'warning', submitted: 'success', lapsed: 'danger' };

export default function RenewalsPage() {
  const { params, page, update, filter } = useUrlFilters();
  const stage = params.get('stage') ?? '';
  const q = params.get('q') ?? '';
  const renewals = useRenewals(stage, q, page);
  return (
    <section>
      <AdminPageHeader title="Renewals">
        Members protected in an earlier season and where they stand for the open one: due (not started), started (a quote in progress), submitted, or lapsed (their cover ended without one). Remind those who
        have not applied.
      </AdminPageHeader>
      {renewals.isPending && <ListLoading label="Loading renewals…" />}
      {renewals.isError && <ListError query={renewals} fallback="The renewals could not be loaded. Check your connection and try again." />}
      {renewals.isSuccess && (
        <>
          <p>
            The {renewals.data.season.year} season opened on {formatLongDate(renewals.data.season.opensOn)}.
          </p>
          <div className={styles.filters}>
            <label className={styles.field}>
              <span className={styles.fieldLabel}>Find a member</span>
              <input className={styles.input} type="search" defaultValue={q} placeholder="Name or e-mail" onChange={(event) => filter({ q: event.target.value })} />
            </label>
          </div>
          <div className={styles.filters} role="group" aria-label="Renewals by stage">
            {RENEWAL_STAGES.map((name) => (
              <button key={name} type="button" className="button" aria-pressed={stage === name} onClick={() => filter({ stage: stage === name ? undefined : name })}>
                {STAGE_LABELS[name]}: {renewals.data.counts[name]}
              </button>
            ))}
          </div>
          {renewals.data.rows.length === 0 ? (
            <ListEmpty>{stage ? `No member’s renewal is ${STAGE_LABELS[stage as RenewalStage]?.toLowerCase() ?? stage}.` : 'No member was protected in an earlier season.'}</ListEmpty>
          ) : (
            <>
              <table className={styles.table} aria-busy={renewals.isFetching}>
                <caption className="visually-hidden">Renewals by surname</caption>
                <thead>
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">Renews from</th>
                    <th scope="col">Stage</th>
                    <th scope="col">Reminded</th>
                    <th scope="col">
                      <span className="visually-hidden">Reminder</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {renewals.data.rows.map((row) => (
                    <RenewalLine key={row.memberId} row={row} />
                  ))}
                </tbody>
              </table>
              <Pager page={page} pageSize={renewals.data.pageSize} total={renewals.data.total} noun="renewal" onPage={(next) => update({ page: String(next) })} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function RenewalLine({ row }: { row: RenewalRow }) {
  const remind = useRemindToRenew();
  return (
    <tr>
      <td data-label="Member">
        {row.name}
        <br />
        <span className={styles.muted}>{row.email}</span>
      </td>
      <td data-label="Renews from">
        {row.from.reference} ({row.from.season}), cover to {formatDate(row.from.coverEndsOn)}
      </td>
      <td data-label="Stage">
        <span className={styles.badge} data-tone={STAGE_TONES[row.stage]}>
          {STAGE_LABELS[row.stage]}
        </span>
      </td>
      <td data-label="Reminded">{row.remindedOn ? formatDate(row.remindedOn) : '—'}</td>
      <td data-label="Reminder">
        {row.stage !== 'submitted' && (
          <button type="button" className="button" disabled={remind.isPending} onClick={() => remind.mutate(row.memberId)} aria-label={`Send ${row.name} a reminder`}>
            {remind.isPending ? 'Sending…' : 'Send a reminder'}
          </button>
        )}
        {remind.isError && <span role="alert"> {failureMessage(remind.error, 'The reminder could not be sent. Check your connection and try again.')}</span>}
      </td>
    </tr>
  );
}
