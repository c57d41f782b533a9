import { Link, useParams, useSearchParams } from 'react-router';
import { AdminPageHeader, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import { useErrorGroup } from './api/get-error-group';
import { ErrorFacts, SeverityBadge, StackTrace, TYPE_LABELS } from './insights-ui';
import styles from './insights.module.css';
import { formatDateTime } from '@shared/format';

const metadataText = (metadata: Record<string, unknown>) => (Object.keys(metadata).length ? JSON.stringify(metadata, null, 2) : null);

/** /admin/errors/:fingerprint: the newest reports of one group (older repeats only add to its count). */
export default function ErrorGroupPage() {
  const fingerprint = useParams().fingerprint ?? '';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const detail = useErrorGroup(fingerprint, page);

  return (
    <section>
      <Link className={styles.backLink} to="/admin/errors">
        ← All errors
      </Link>
      <AdminPageHeader title="Error reports">
        The newest reports of one fault, newest first. Fingerprint <code>{fingerprint}</code>.
      </AdminPageHeader>
      {detail.isPending && <ListLoading label="Loading reports…" />}
      {detail.isError && <ListError query={detail} fallback="The reports could not be loaded. Check your connection and try again." />}
      {detail.isSuccess && (
        <>
          <div className={styles.card}>
            <div className={styles.cardTop}>
              <span className={styles.badge}>{TYPE_LABELS[detail.data.group.type] ?? detail.data.group.type}</span>
              <SeverityBadge severity={detail.data.group.severity} />
              <span className={styles.count}>
                {detail.data.group.count} {detail.data.group.count === 1 ? 'report' : 'reports'}
              </span>
            </div>
            <p className={styles.message}>{detail.data.group.message || '(no message)'}</p>
            <ErrorFacts
              rows={[
                ['First seen', formatDateTime(detail.data.group.firstSeen)],
                ['Last seen', formatDateTime(detail.data.group.lastSeen)],
              ]}
            />
          </div>
          <h2>Reports</h2>
          {detail.data.reportsKept < detail.data.group.count && (
            <p className={styles.hint}>
              The newest {detail.data.reportsKept} of {detail.data.group.count} reports are kept in full; older repeats of the same fault are only counted.
            </p>
          )}
          <ol className={styles.cards}>
            {detail.data.reports.map((report) => (
              <li key={report.id} className={styles.card} data-testid="error-report">
                <div className={styles.cardTop}>
                  <strong>{formatDateTime(report.occurredAt)}</strong>
                  <SeverityBadge severity={report.severity} />
                </div>
                {report.message !== detail.data.group.message && <p className={styles.message}>{report.message}</p>}
                <ErrorFacts
                  rows={[
                    ['Page', report.url],
                    ['Browser', report.userAgent],
                    ['Signed in as', report.userId && <Link to={`/admin/user-lookup/${encodeURIComponent(report.userId)}`}>{report.userId}</Link>],
                    [
                      'Session',
                      report.sessionId && (
                        <>
                          {report.sessionId} <Link to={`/admin/user-tracking?${new URLSearchParams({ session: report.sessionId })}`}>Look up this visitor</Link>
                        </>
                      ),
                    ],
                    ['Report id', report.clientId],
                    ['Received', formatDateTime(report.receivedAt)],
                  ]}
                />
                <StackTrace stack={report.stack} label="Stack" />
                <StackTrace stack={metadataText(report.metadata)} label="Details" />
              </li>
            ))}
          </ol>
          <Pager page={page} pageSize={detail.data.pageSize} total={detail.data.reportsKept} noun="report" onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
        </>
      )}
    </section>
  );
}
