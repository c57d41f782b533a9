import { Link, useSearchParams } from 'react-router';
import { type ErrorGroup, errorGroupQuerySchema } from '@shared/contracts/admin-insights';
import { ERROR_REPORT_TYPES, ERROR_SEVERITIES } from '@shared/contracts/public-site';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import { SelectField, TextField } from '../../components/ui/form/fields';
import { Form, useZodForm } from '../../components/ui/form/form';
import { useErrorGroups } from './api/get-error-groups';
import { ErrorFacts, SeverityBadge, StackTrace, TYPE_LABELS } from './insights-ui';
import styles from './insights.module.css';
import { formatDateTime } from '@shared/format';

const FILTER_KEYS = ['type', 'severity', 'from', 'to'] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;
const NO_FILTERS: Filters = { type: '', severity: '', from: '', to: '' };
const TYPE_OPTIONS = [{ value: '', label: 'All types' }, ...ERROR_REPORT_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] ?? type }))];
const SEVERITY_OPTIONS = [{ value: '', label: 'All severities' }, ...ERROR_SEVERITIES.map((severity) => ({ value: severity, label: severity[0]!.toUpperCase() + severity.slice(1) }))];

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
  const groups = useErrorGroups({ ...applied, page });
  const form = useZodForm(errorGroupQuerySchema, applied);
  const [from, to] = form.watch(['from', 'to']) as [string, string];

  const show = (filters: Partial<Filters>, nextPage = 1) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key]) next.set(key, filters[key]);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };
  const clear = () => {
    form.reset(NO_FILTERS);
    show(NO_FILTERS);
  };

  return (
    <section>
      <AdminPageHeader title="Errors">
        Failures the site reported from visitors’ and members’ browsers, with repeats of the same fault grouped together and counted. Times are Perth time. The type and severity filters use each fault’s newest
        report; the dates show faults seen at any time between them. A fault not seen for 180 days is removed.
      </AdminPageHeader>
      <Form form={form} className={styles.filters} onSubmit={(filters) => show(filters)} aria-label="Filter error reports">
        <SelectField name="type" label="Type" options={TYPE_OPTIONS} />
        <SelectField name="severity" label="Severity" options={SEVERITY_OPTIONS} />
        <TextField name="from" label="From" type="date" max={to || undefined} />
        <TextField name="to" label="To" type="date" min={from || undefined} />
        <div className={styles.actions}>
          <button type="submit" className="button button-primary">
            Show errors
          </button>
          <button type="button" className="button" onClick={clear}>
            Clear
          </button>
        </div>
      </Form>

      {groups.isPending && <ListLoading label="Loading error reports…" />}
      {groups.isError && <ListError query={groups} fallback="The error reports could not be loaded. Check your connection and try again." />}
      {groups.isSuccess && groups.data.total === 0 && <ListEmpty>{FILTER_KEYS.some((key) => applied[key]) ? 'No error reports match these filters.' : 'No errors have been reported. Good news.'}</ListEmpty>}
      {groups.isSuccess && groups.data.groups.length > 0 && (
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
      {groups.isSuccess && <Pager page={page} pageSize={groups.data.pageSize} total={groups.data.total} noun="error group" onPage={(next) => show(applied, next)} />}
    </section>
  );
}
