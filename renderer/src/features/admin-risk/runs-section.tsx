import { useState } from 'react';
import type { RunSummary } from '@shared/contracts/risk-simulation';
import { formatCents, formatDateTime, formatNumber, formatPercentRounded } from '@shared/format';
import { FilterSelect, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import adminStyles from '../../components/admin/admin.module.css';
import { RUNS_PAGE_SIZE, useRuns } from './api/get-runs';
import { PERIL_LABELS } from './event-section';
import styles from './risk.module.css';

const KINDS = ['event', 'season'] as const;
const KIND_LABELS: Record<(typeof KINDS)[number], string> = { event: 'Events', season: 'Seasons' };
const STATUS_LABELS: Record<RunSummary['status'], string> = { running: 'Running', completed: 'Finished', cancelled: 'Cancelled', failed: 'Failed' };
const MAX_COMPARED = 4;

/** Saved runs, newest first; open one, or tick up to four to compare side by side. */
export function RunsSection({ onOpen }: { onOpen: (id: string) => void }) {
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const [compared, setCompared] = useState<RunSummary[]>([]);
  const runs = useRuns({ kind, page });
  const toggle = (run: RunSummary) => setCompared((current) => (current.some((item) => item.id === run.id) ? current.filter((item) => item.id !== run.id) : [...current, run].slice(-MAX_COMPARED)));

  return (
    <section className={styles.section} aria-labelledby="risk-runs-heading">
      <h2 id="risk-runs-heading">Saved runs</h2>
      <div className={adminStyles.filters}>
        <FilterSelect
          id="risk-runs-kind"
          label="Kind"
          value={kind}
          anyLabel="Events and seasons"
          values={KINDS}
          labels={KIND_LABELS}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
        />
      </div>
      {runs.isPending && <ListLoading label="Loading saved runs…" />}
      {runs.isError && <ListError query={runs} />}
      {runs.isSuccess && runs.data.runs.length === 0 && <ListEmpty>No saved runs yet. Save an event or run a season above.</ListEmpty>}
      {runs.isSuccess && runs.data.runs.length > 0 && (
        <>
          <div className={styles.tableWrap}>
            <table className={adminStyles.table} aria-label="Saved runs, newest first" aria-busy={runs.isFetching}>
              <thead>
                <tr>
                  <th scope="col">Compare</th>
                  <th scope="col">Run</th>
                  <th scope="col">Status</th>
                  <th scope="col" className={styles.number}>
                    Expected claims
                  </th>
                  <th scope="col">Saved</th>
                  <th scope="col">
                    <span className="visually-hidden">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {runs.data.runs.map((run) => (
                  <tr key={run.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Compare ${run.name}`}
                        checked={compared.some((item) => item.id === run.id)}
                        onChange={() => toggle(run)}
                        disabled={run.kind === 'season' && !run.summary}
                      />
                    </td>
                    <th scope="row">
                      {run.name}
                      <div className={adminStyles.muted}>
                        {run.kind === 'event' ? `${PERIL_LABELS[run.peril]} at ${run.event.severityPercent}%` : `${formatNumber(run.settings.seasons)} seasons of ${run.peril}, seed ${run.settings.seed}`}
                      </div>
                    </th>
                    <td>
                      {STATUS_LABELS[run.status]}
                      {run.status === 'running' && ` (${formatPercentRounded((run.progress / Math.max(1, run.total)) * 100)})`}
                    </td>
                    <td className={styles.number}>{headline(run)}</td>
                    <td>
                      {formatDateTime(run.createdAt)}
                      <div className={adminStyles.muted}>{run.createdByName}</div>
                    </td>
                    <td>
                      <button type="button" className="button button-secondary" onClick={() => onOpen(run.id)}>
                        Open
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={RUNS_PAGE_SIZE} total={runs.data.total} noun="run" onPage={setPage} />
        </>
      )}
      {compared.length > 0 && <Comparison runs={compared} />}
    </section>
  );
}

function headline(run: RunSummary): string {
  if (run.kind === 'event') return formatCents(run.totals.expectedClaimCents);
  return run.summary ? `${formatCents(run.summary.meanCents)} a season on average` : '—';
}

const ROWS: ReadonlyArray<{ label: string; value: (run: RunSummary) => string }> = [
  { label: 'Kind', value: (run) => (run.kind === 'event' ? PERIL_LABELS[run.peril] : `Season of ${run.peril}`) },
  { label: 'Paddocks hit', value: (run) => (run.kind === 'event' ? formatNumber(run.totals.paddocks) : '—') },
  { label: 'Value hit', value: (run) => (run.kind === 'event' ? formatCents(run.totals.valueHitCents) : '—') },
  { label: 'Expected claims (event)', value: (run) => (run.kind === 'event' ? formatCents(run.totals.expectedClaimCents) : '—') },
  { label: 'Seasons, seed', value: (run) => (run.kind === 'season' ? `${formatNumber(run.settings.seasons)}, ${run.settings.seed}` : '—') },
  { label: 'Average season', value: (run) => (run.kind === 'season' && run.summary ? formatCents(run.summary.meanCents) : '—') },
  { label: '1-in-20 season', value: (run) => (run.kind === 'season' && run.summary ? formatCents(run.summary.oneInTwentyCents) : '—') },
  { label: '1-in-100 season', value: (run) => (run.kind === 'season' && run.summary ? formatCents(run.summary.oneInHundredCents) : '—') },
  { label: 'Reserve', value: (run) => (run.kind === 'season' && run.summary ? formatCents(run.summary.reserveCents) : '—') },
  { label: 'Seasons above the reserve', value: (run) => (run.kind === 'season' && run.summary ? formatPercentRounded(run.summary.shareOverReserve * 100) : '—') },
];

function Comparison({ runs }: { runs: readonly RunSummary[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={adminStyles.table} aria-label="Runs compared">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            {runs.map((run) => (
              <th key={run.id} scope="col" className={styles.number}>
                {run.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {runs.map((run) => (
                <td key={run.id} className={styles.number}>
                  {row.value(run)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
