import { useState } from 'react';
import { BACKGROUND_JOB_LABELS, BACKGROUND_JOB_STATE_LABELS, type BackgroundJobCount, type BackgroundJobState, type FailedBackgroundJob } from '@shared/contracts/background-jobs';
import { formatDateTime, formatNumber } from '@shared/format';
import { ActionOutcome, AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { useUrlFilters } from '../../components/admin/use-url-filters';
import { failureMessage } from '../../lib/react-query';
import { FAILED_JOBS_PAGE_SIZE, useBackgroundJobs } from './api/get-background-jobs';
import { useRetryBackgroundJob } from './api/retry-background-job';
import local from './background-jobs-page.module.css';

/** The states staff act on, in the order a job passes through them (cancelled is pg-boss's own and never used by us). */
const SHOWN_STATES: BackgroundJobState[] = ['created', 'retry', 'active', 'completed', 'failed'];

const queueLabel = (queue: string) => BACKGROUND_JOB_LABELS[queue] ?? queue;

/** /admin/background-jobs: how many jobs each queue has in each state, and the failed ones with 'Try again'. */
export default function BackgroundJobsPage() {
  const { page, update } = useUrlFilters();
  const jobs = useBackgroundJobs(page);
  const retry = useRetryBackgroundJob();
  // Kept here, not in the table: the table goes when the last failed job is tried again.
  const [outcome, setOutcome] = useState<{ failed: boolean; text: string }>();
  const tryAgain = (job: FailedBackgroundJob) => {
    setOutcome(undefined);
    retry.mutate(job, {
      onSuccess: () => setOutcome({ failed: false, text: `${queueLabel(job.queue)}: queued again. It runs within a minute.` }),
      onError: (error) => setOutcome({ failed: true, text: failureMessage(error) }),
    });
  };
  return (
    <section>
      <AdminPageHeader title="Background Jobs">
        Reminders, clean-ups and other work the server does on a schedule. A job that fails is tried again a few times, waiting longer each time; one that still fails is listed here with its last error until
        someone tries it again.
      </AdminPageHeader>
      {jobs.isPending && <ListLoading label="Loading background jobs…" />}
      {jobs.isError && <ListError query={jobs} />}
      {jobs.isSuccess && (
        <>
          <CountsTable counts={jobs.data.counts} />
          <h2 className={local.heading}>Failed jobs</h2>
          {outcome && <ActionOutcome failed={outcome.failed}>{outcome.text}</ActionOutcome>}
          {jobs.data.failed.length === 0 ? (
            <ListEmpty>No job has failed: everything that was due has run.</ListEmpty>
          ) : (
            <>
              <FailedJobsTable jobs={jobs.data.failed} busy={jobs.isFetching} retrying={retry.isPending ? retry.variables?.id : undefined} onRetry={tryAgain} />
              <Pager page={page} pageSize={FAILED_JOBS_PAGE_SIZE} total={jobs.data.total} noun="failed job" onPage={(next) => update({ page: String(next) })} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function CountsTable({ counts }: { counts: BackgroundJobCount[] }) {
  const queues = [...new Set([...Object.keys(BACKGROUND_JOB_LABELS), ...counts.map((count) => count.queue)])];
  const countOf = (queue: string, state: BackgroundJobState) => counts.find((count) => count.queue === queue && count.state === state)?.count ?? 0;
  return (
    <div className={styles.panel}>
      <table className={styles.table}>
        <caption className={`${styles.muted} ${local.caption}`}>Jobs kept per queue and state; finished jobs are kept for a week.</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            {SHOWN_STATES.map((state) => (
              <th scope="col" key={state} className={local.figure}>
                {BACKGROUND_JOB_STATE_LABELS[state]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => (
            <tr key={queue}>
              <th scope="row" data-label="Job">
                {queueLabel(queue)}
              </th>
              {SHOWN_STATES.map((state) => {
                const count = countOf(queue, state);
                return (
                  <td key={state} data-label={BACKGROUND_JOB_STATE_LABELS[state]} className={local.figure} data-tone={state === 'failed' && count > 0 ? 'danger' : undefined}>
                    {formatNumber(count)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FailedJobsTable({ jobs, busy, retrying, onRetry }: { jobs: FailedBackgroundJob[]; busy: boolean; retrying: string | undefined; onRetry: (job: FailedBackgroundJob) => void }) {
  return (
    <table className={styles.table} aria-busy={busy}>
      <caption className={`${styles.muted} ${local.caption}`}>Newest failure first.</caption>
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Failed</th>
          <th scope="col">Tries</th>
          <th scope="col">Last error</th>
          <th scope="col">
            <span className="visually-hidden">Try again</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id}>
            <td data-label="Job">
              {queueLabel(job.queue)}
              <span className={`${styles.muted} ${local.id}`}>{job.id}</span>
            </td>
            <td data-label="Failed">{job.failedAt ? formatDateTime(job.failedAt) : '—'}</td>
            <td data-label="Tries">{formatNumber(job.attempts)}</td>
            <td data-label="Last error" className={local.error}>
              {job.lastError ?? 'No error was recorded.'}
            </td>
            <td>
              <button type="button" className="button" disabled={retrying === job.id} onClick={() => onRetry(job)} aria-label={`Try again: ${queueLabel(job.queue)}, ${job.id}`}>
                Try again
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
