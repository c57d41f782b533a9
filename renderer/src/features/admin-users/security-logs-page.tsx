import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { SECURITY_EVENT_TYPES, type SecurityEvent, type SecurityEventType, securityLogFilterFormSchema } from '@shared/contracts/accounts';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { SelectField, TextField } from '../../components/ui/form/fields';
import { Form, useZodForm } from '../../components/ui/form/form';
import { SECURITY_LOG_PAGE_SIZE, useSecurityLogs } from './api/get-security-logs';
import { formatDate, formatTimeWithSeconds } from '@shared/format';

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
  account_locked_by_staff: 'Account locked by staff',
  account_unlocked_by_staff: 'Account unlocked by staff',
};
const WARNING_EVENTS: ReadonlySet<SecurityEventType> = new Set(['sign_in_failure', 'account_locked', 'account_locked_by_staff']);

/** A local calendar day as the start (or the end) of that day in UTC, as the API wants it. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

const detailText = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));

type Filters = z.input<typeof securityLogFilterFormSchema>;
const NO_FILTERS: Filters = { type: '', email: '', userId: '', from: '', to: '' };
const EVENT_OPTIONS = [{ value: '', label: 'All events' }, ...SECURITY_EVENT_TYPES.map((type) => ({ value: type, label: SECURITY_EVENT_LABELS[type] }))];

/** /admin/security-logs: sign-ins, lockouts, password and role changes and support mode, newest first. */
export default function SecurityLogsPage() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const applied: Filters = {
    type: SECURITY_EVENT_TYPES.find((known) => known === type) ?? '',
    email: params.get('email') ?? '',
    userId: params.get('userId') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const form = useZodForm(securityLogFilterFormSchema, applied);
  const draftUserId = form.watch('userId');
  const logs = useSecurityLogs({
    type: applied.type,
    email: applied.email,
    userId: applied.userId,
    from: applied.from ? dayStart(applied.from) : undefined,
    to: applied.to ? dayEnd(applied.to) : undefined,
    page,
  });

  const apply = (filters: Filters, nextPage = 1) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) next.set(key, value.trim());
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };
  const clear = () => {
    form.reset(NO_FILTERS);
    apply(NO_FILTERS);
  };
  const showUser = (event: SecurityEvent) => {
    const filters = { ...form.getValues(), userId: event.userId ?? '', email: '' };
    form.reset(filters);
    apply(filters);
  };
  const isFiltered = Object.values(applied).some(Boolean);

  return (
    <section>
      <AdminPageHeader title="Security Logs">Sign-ins and failed attempts, lockouts, password and role changes and support mode, newest first. No password, code or token is ever logged.</AdminPageHeader>
      <Form form={form} className={styles.filters} onSubmit={(filters) => apply(filters)} aria-label="Filter the security log">
        <SelectField name="type" label="Event" options={EVENT_OPTIONS} />
        <TextField name="email" label="E-mail address" type="search" inputMode="email" placeholder="all or part of it" />
        <TextField name="from" label="From" type="date" />
        <TextField name="to" label="To" type="date" />
        {draftUserId && (
          <div className={styles.field}>
            <span className={styles.fieldLabel}>User</span>
            <span>
              <code>{draftUserId}</code>{' '}
              <button type="button" className={`button ${styles.linkButton}`} onClick={() => form.setValue('userId', '')}>
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
      </Form>

      {logs.isPending && <ListLoading label="Loading the security log…" />}
      {logs.isError && <ListError query={logs} fallback="The list could not be loaded. Check your connection and try again." />}
      {logs.isSuccess && logs.data.events.length === 0 && <ListEmpty>{isFiltered ? 'No events match these filters.' : 'Nothing has been logged yet.'}</ListEmpty>}
      {logs.isSuccess && logs.data.events.length > 0 && (
        <>
          <table className={`${styles.table} ${styles.fixedTable}`} aria-busy={logs.isFetching}>
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
          <Pager page={page} pageSize={SECURITY_LOG_PAGE_SIZE} total={logs.data.total} noun="event" onPage={(next) => apply(applied, next)} />
        </>
      )}
    </section>
  );
}
