import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SECURITY_EVENT_TYPES, type SecurityEvent, type SecurityEventType, securityEventsResponseSchema } from '@shared/contracts/accounts';
import { formatDate, formatTimeWithSeconds } from '@shared/format';
import styles from './admin.module.css';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from './admin-ui';
import { listPath, useAdminData } from './use-admin-data';

const PAGE_SIZE = 25;

const SECURITY_EVENT_LABELS: Record<SecurityEventType, string> = {
  sign_in_success: 'Signed in',
  sign_in_failure: 'Sign-in failed',
  account_locked: 'Account locked',
  sign_out: 'Signed out',
  registration: 'Registered',
  password_changed: 'Password changed',
  password_reset_requested: 'Password reset requested',
  password_reset: 'Password reset',
  email_changed: 'E-mail changed',
  role_changed: 'Roles changed',
  support_mode_entered: 'Support mode entered',
  support_mode_exited: 'Support mode exited',
};
const WARNING_EVENTS: ReadonlySet<SecurityEventType> = new Set(['sign_in_failure', 'account_locked']);

/** A local calendar day as the start (or the end) of that day in UTC, as the API wants it. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

const detailText = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));

interface Filters {
  type: string;
  email: string;
  userId: string;
  from: string;
  to: string;
}

/** /admin/security-logs: sign-ins, lockouts, password and role changes and support mode, newest first. */
export default function SecurityLogsPage() {
  const [params, setParams] = useSearchParams();
  const applied: Filters = { type: params.get('type') ?? '', email: params.get('email') ?? '', userId: params.get('userId') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<Filters>(applied);
  const [rangeError, setRangeError] = useState<string>();

  const path = listPath('/api/admin/security-logs', {
    type: applied.type,
    email: applied.email,
    userId: applied.userId,
    from: applied.from ? dayStart(applied.from) : undefined,
    to: applied.to ? dayEnd(applied.to) : undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const logs = useAdminData(path, securityEventsResponseSchema);

  const apply = (filters: Filters, nextPage = 1) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) next.set(key, value.trim());
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError('The "From" day is after the "To" day.');
      return;
    }
    setRangeError(undefined);
    apply(draft);
  };
  const clear = () => {
    const empty = { type: '', email: '', userId: '', from: '', to: '' };
    setDraft(empty);
    setRangeError(undefined);
    apply(empty);
  };
  const showUser = (event: SecurityEvent) => {
    const filters = { ...draft, userId: event.userId ?? '', email: '' };
    setDraft(filters);
    apply(filters);
  };
  const isFiltered = Object.values(applied).some(Boolean);

  return (
    <section>
      <AdminPageHeader title="Security Logs">Sign-ins and failed attempts, lockouts, password and role changes and support mode, newest first. No password, code or token is ever logged.</AdminPageHeader>
      <form className={styles.filters} onSubmit={submit} aria-label="Filter the security log">
        <div className={styles.field}>
          <label htmlFor="log-type">Event</label>
          <select id="log-type" className={styles.input} value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value })}>
            <option value="">All events</option>
            {SECURITY_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {SECURITY_EVENT_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="log-email">E-mail address</label>
          <input id="log-email" className={styles.input} type="search" inputMode="email" placeholder="all or part of it" value={draft.email} onChange={(event) => setDraft({ ...draft, email: event.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor="log-from">From</label>
          <input id="log-from" className={styles.input} type="date" value={draft.from} aria-invalid={rangeError ? true : undefined} aria-describedby={rangeError ? 'log-range-error' : undefined} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor="log-to">To</label>
          <input id="log-to" className={styles.input} type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </div>
        {draft.userId && (
          <div className={styles.field}>
            <span className={styles.fieldLabel}>User</span>
            <span>
              <code>{draft.userId}</code>{' '}
              <button type="button" className={`button ${styles.linkButton}`} onClick={() => setDraft({ ...draft, userId: '' })}>
                Every user
              </button>
            </span>
          </div>
        )}
        <div className={styles.filterActions}>
          <button type="submit" className="button button-primary">
            Show events
          </button>
          {isFiltered && (
            <button type="button" className="button" onClick={clear}>
              Clear filters
            </button>
          )}
        </div>
        {rangeError && (
          <p id="log-range-error" className={styles.fieldError} role="alert">
            {rangeError}
          </p>
        )}
      </form>

      {logs.status === 'loading' && <ListLoading label="Loading the security log…" />}
      {logs.status === 'error' && <ListError message={logs.message} onRetry={logs.reload} />}
      {logs.status === 'ready' && logs.data.events.length === 0 && <ListEmpty>{isFiltered ? 'No events match these filters.' : 'Nothing has been logged yet.'}</ListEmpty>}
      {logs.status === 'ready' && logs.data.events.length > 0 && (
        <>
          <table className={`${styles.table} ${styles.fixedTable}`} aria-busy={logs.isRefreshing}>
            <caption className="visually-hidden">Security events, newest first</caption>
            <colgroup>
              <col className={styles.colWhen} />
              <col className={styles.colEvent} />
              <col className={styles.colEmail} />
              <col className={styles.colFrom} />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col">E-mail / user</th>
                <th scope="col">From</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {logs.data.events.map((event) => (
                <tr key={event.id}>
                  <td data-label="When">
                    <time dateTime={event.createdAt} className={styles.nowrap}>
                      {formatDate(event.createdAt)}
                      <br />
                      {formatTimeWithSeconds(event.createdAt)}
                    </time>
                  </td>
                  <td data-label="Event">
                    <span className={styles.badge} data-tone={WARNING_EVENTS.has(event.type) ? 'danger' : event.type === 'sign_in_success' ? 'success' : undefined}>
                      {SECURITY_EVENT_LABELS[event.type]}
                    </span>
                  </td>
                  <td data-label="E-mail / user">
                    <div>{event.email ?? '—'}</div>
                    {event.userId && (
                      <button type="button" className={`button ${styles.linkButton}`} onClick={() => showUser(event)}>
                        Only this user
                      </button>
                    )}
                  </td>
                  <td data-label="From">
                    <div>{event.ip ?? '—'}</div>
                    {event.userAgent && (
                      <div className={`${styles.muted} ${styles.clamp}`} title={event.userAgent}>
                        {event.userAgent}
                      </div>
                    )}
                  </td>
                  <td data-label="Details">
                    {Object.keys(event.details).length === 0 ? (
                      '—'
                    ) : (
                      <ul className={styles.details}>
                        {Object.entries(event.details).map(([key, value]) => (
                          <li key={key}>
                            {key}: {detailText(value)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pageSize={PAGE_SIZE} total={logs.data.total} noun="events" onPage={(next) => apply(applied, next)} />
        </>
      )}
    </section>
  );
}
