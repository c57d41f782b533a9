import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ErrorGroup } from '@shared/contracts/admin-insights';
import { ERROR_REPORT_TYPES, ERROR_SEVERITIES } from '@shared/contracts/public-site';
import { formatDateTime } from '@shared/format';
import { insightsApi } from './insights-api';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from './admin-ui';
import { ErrorFacts, SeverityBadge, StackTrace, TYPE_LABELS, useLoaded } from './insights-ui';
import styles from './insights.module.css';

const FILTER_KEYS = ['type', 'severity', 'from', 'to'] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;

function GroupCard({ group }: { group: ErrorGroup }) {
  return (
    <li className={styles.card} data-testid="error-group">
      <div className={styles.cardTop}>
        <span className={styles.badge}>{TYPE_LABELS[group.type] ?? group.type}</span>
        <SeverityBadge severity={group.severity} />
        <span className={styles.count} aria-label={`${group.count} ${group.count === 1 ? 'report' : 'reports'}`}>
          × {group.count}
        </span>
      </div>
      <p className={styles.message}>{group.message || '(no message)'}</p>
      <ErrorFacts
        rows={[
          ['Last seen', formatDateTime(group.lastSeen)],
          ['First seen', formatDateTime(group.firstSeen)],
          ['Page', group.url],
          ['Browser', group.userAgent],
        ]}
      />
      <Link className="button" to={`/admin/errors/${encodeURIComponent(group.fingerprint)}`}>
        View {group.count === 1 ? 'the report' : 'the reports'}
        <span className="visually-hidden"> of “{group.message.slice(0, 80)}”</span>
      </Link>
      <StackTrace stack={group.stack} />
    </li>
  );
}

/** /admin/errors: the browser's error reports grouped by fingerprint, the most recently seen first. */
export default function ErrorsPage() {
  const [params, setParams] = useSearchParams();
  const applied: Filters = { type: params.get('type') ?? '', severity: params.get('severity') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<Filters>(applied);
  const groups = useLoaded(() => insightsApi.errorGroups({ ...applied, page }), params.toString(), 'The error reports could not be loaded. Check your connection and try again.');

  const show = (filters: Filters, nextPage = 1) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key]) next.set(key, filters[key]);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show(draft);
  };
  const clear = () => {
    const empty = { type: '', severity: '', from: '', to: '' };
    setDraft(empty);
    show(empty);
  };
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });

  return (
    <section>
      <AdminPageHeader title="Errors">
        Failures the site reported from visitors’ and members’ browsers, with repeats of the same fault grouped together and counted. Times are Perth time. The type and severity filters use each fault’s newest report; the dates show faults seen at any time between them. A fault not seen for 180 days is removed.
      </AdminPageHeader>
      <form className={styles.filters} onSubmit={submit} aria-label="Filter error reports">
        <div className={styles.field}>
          <label htmlFor="errors-type">Type</label>
          <select id="errors-type" className={styles.control} value={draft.type} onChange={set('type')}>
            <option value="">All types</option>
            {ERROR_REPORT_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="errors-severity">Severity</label>
          <select id="errors-severity" className={styles.control} value={draft.severity} onChange={set('severity')}>
            <option value="">All severities</option>
            {ERROR_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {severity[0]!.toUpperCase() + severity.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="errors-from">From</label>
          <input id="errors-from" type="date" className={styles.control} value={draft.from} max={draft.to || undefined} onChange={set('from')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="errors-to">To</label>
          <input id="errors-to" type="date" className={styles.control} value={draft.to} min={draft.from || undefined} onChange={set('to')} />
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button button-primary">
            Show errors
          </button>
          <button type="button" className="button" onClick={clear}>
            Clear
          </button>
        </div>
      </form>

      {groups.status === 'loading' && <ListLoading label="Loading error reports…" />}
      {groups.status === 'error' && <ListError message={groups.message} onRetry={groups.reload} />}
      {groups.status === 'ready' && groups.data.total === 0 && (
        <ListEmpty>{FILTER_KEYS.some((key) => applied[key]) ? 'No error reports match these filters.' : 'No errors have been reported. Good news.'}</ListEmpty>
      )}
      {groups.status === 'ready' && groups.data.groups.length > 0 && (
        <>
          <p className={styles.summary} aria-live="polite">
            {groups.data.total} {groups.data.total === 1 ? 'group' : 'groups'} of errors, the most recently seen first.
          </p>
          <ul className={styles.cards}>
            {groups.data.groups.map((group) => (
              <GroupCard key={group.fingerprint} group={group} />
            ))}
          </ul>
        </>
      )}
      {groups.status === 'ready' && <Pager page={page} pageSize={groups.data.pageSize} total={groups.data.total} noun="error groups" onPage={(next) => show(applied, next)} />}
    </section>
  );
}
