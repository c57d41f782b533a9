/**
 * The system's own alerts (docs/alerts.md 'System alerts'): from counts the server gathers, which
 * conditions staff should look at now. Background jobs that failed for good in the last day, an
 * error reported far more often in the last hour than in the week before, and sign-in failures
 * well above their usual rate or piling up on one address or one e-mail. Each alert names the admin
 * page where staff act on it.
 */
import { BACKGROUND_JOB_LABELS } from '../../contracts/background-jobs';
import type { SystemAlert } from '../../contracts/alerts';
import { plural } from '../../format';

const HOUR_MS = 60 * 60 * 1000;

/** The thresholds; the server gathers its counts over the same windows. */
export const SYSTEM_ALERT_RULES = {
  /** A job failed for good in this many hours is shown; this many or more failures of one queue is critical. */
  jobFailures: { windowHours: 24, critical: 3 },
  /**
   * An error is spiking when its last hour has at least `minimum` reports and at least `factor`
   * times its hourly average over the week before (an error new this hour has an average of 0);
   * `critical` reports in the hour make it critical.
   */
  errorSpike: { minimum: 10, factor: 5, critical: 100 },
  /** Sign-in failures across the site: at least `minimum` in the hour and `factor` times the week's hourly average. */
  signInSurge: { minimum: 20, factor: 3, critical: 100 },
  /** Sign-in failures in the hour from one client address, or for one e-mail address: warning, then critical. */
  signInPerKey: { minimum: 10, critical: 50 },
  /** The baseline: the week before the last hour. */
  baselineHours: 7 * 24,
  /** At most this many addresses and e-mails are named, the most failures first. */
  perKeyShown: 5,
} as const;

export interface FailedJobCount {
  queue: string;
  count: number;
  firstFailedAt: Date;
  lastError: string | null;
}

/** Error reports are counted per clock hour (ErrorHourlyCount): 'the last hour' is the current clock hour and the one before. */
export interface ErrorGroupCount {
  fingerprint: string;
  message: string;
  /** Reports in the last hour. */
  lastHour: number;
  /** Reports in the week before the last hour. */
  previousWeek: number;
  /** The start of the first clock hour of the last hour with a report. */
  firstInHourAt: Date;
}

export interface SignInFailureCount {
  /** The client address or the e-mail address typed. */
  key: string;
  count: number;
  firstAt: Date;
}

export interface SystemAlertCounts {
  failedJobs: FailedJobCount[];
  errorGroups: ErrorGroupCount[];
  signIns: {
    lastHour: number;
    previousWeek: number;
    firstInHourAt: Date | null;
    byAddress: SignInFailureCount[];
    byEmail: SignInFailureCount[];
  };
}

const hourlyAverage = (previousWeek: number) => previousWeek / SYSTEM_ALERT_RULES.baselineHours;
const usualRate = (previousWeek: number, noun: string) => (previousWeek === 0 ? 'There were none in the week before.' : `The week before averaged ${plural(hourlyAverage(previousWeek), noun)} an hour.`);
const quoted = (text: string) => `“${text.length > 120 ? `${text.slice(0, 119)}…` : text}”`;

function jobFailureAlerts(failedJobs: readonly FailedJobCount[]): SystemAlert[] {
  const { windowHours, critical } = SYSTEM_ALERT_RULES.jobFailures;
  return failedJobs
    .filter((queue) => queue.count > 0)
    .map((queue) => ({
      id: `job_failures:${queue.queue}`,
      kind: 'job_failures',
      severity: queue.count >= critical ? 'critical' : 'warning',
      title: `${plural(queue.count, 'background job')} of “${BACKGROUND_JOB_LABELS[queue.queue] ?? queue.queue}” failed in the last ${windowHours} hours.`,
      detail: `${queue.lastError ? `Last error: ${queue.lastError}` : 'No error was recorded.'} Try the job again on Background Jobs once the cause is fixed.`,
      since: queue.firstFailedAt.toISOString(),
      link: '/admin/background-jobs',
    }));
}

function errorSpikeAlerts(groups: readonly ErrorGroupCount[]): SystemAlert[] {
  const { minimum, factor, critical } = SYSTEM_ALERT_RULES.errorSpike;
  return groups
    .filter((group) => group.lastHour >= minimum && group.lastHour >= factor * hourlyAverage(group.previousWeek))
    .map((group) => ({
      id: `error_spike:${group.fingerprint}`,
      kind: 'error_spike',
      severity: group.lastHour >= critical ? 'critical' : 'warning',
      title: `An error was reported ${plural(group.lastHour, 'time')} in the last hour: ${quoted(group.message)}.`,
      detail: usualRate(group.previousWeek, 'report'),
      since: group.firstInHourAt.toISOString(),
      link: `/admin/errors/${encodeURIComponent(group.fingerprint)}`,
    }));
}

function signInAlerts(signIns: SystemAlertCounts['signIns']): SystemAlert[] {
  const surge = SYSTEM_ALERT_RULES.signInSurge;
  const perKey = SYSTEM_ALERT_RULES.signInPerKey;
  const alerts: SystemAlert[] = [];
  if (signIns.firstInHourAt && signIns.lastHour >= surge.minimum && signIns.lastHour >= surge.factor * hourlyAverage(signIns.previousWeek)) {
    alerts.push({
      id: 'sign_in_failures',
      kind: 'sign_in_failures',
      severity: signIns.lastHour >= surge.critical ? 'critical' : 'warning',
      title: `${plural(signIns.lastHour, 'sign-in')} failed in the last hour, far more than usual.`,
      detail: usualRate(signIns.previousWeek, 'failure'),
      since: signIns.firstInHourAt.toISOString(),
      link: '/admin/security-logs?type=sign_in_failure',
    });
  }
  const perKeyAlerts = (rows: readonly SignInFailureCount[], kind: 'sign_in_failures_address' | 'sign_in_failures_email', from: string, link: (key: string) => string) =>
    [...rows]
      .filter((row) => row.count >= perKey.minimum)
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
      .slice(0, SYSTEM_ALERT_RULES.perKeyShown)
      .map((row): SystemAlert => ({
        id: `${kind}:${row.key}`,
        kind,
        severity: row.count >= perKey.critical ? 'critical' : 'warning',
        title: `${plural(row.count, 'sign-in')} failed in the last hour ${from} ${row.key}.`,
        detail:
          kind === 'sign_in_failures_address'
            ? 'One computer trying many passwords or accounts: each account it tries is locked for a while after 5 failures (docs/security.md).'
            : 'Someone may be guessing this account’s password; the account is locked for a while after 5 failures in a row from one computer.',
        since: row.firstAt.toISOString(),
        link: link(row.key),
      }));
  alerts.push(
    ...perKeyAlerts(signIns.byAddress, 'sign_in_failures_address', 'from the address', () => '/admin/security-logs?type=sign_in_failure'),
    ...perKeyAlerts(signIns.byEmail, 'sign_in_failures_email', 'for', (email) => `/admin/security-logs?type=sign_in_failure&email=${encodeURIComponent(email)}`),
  );
  return alerts;
}

/** Every alert the counts call for: the critical ones first, otherwise in the order of the rules (jobs, errors, sign-ins). */
export function systemAlerts(counts: SystemAlertCounts): SystemAlert[] {
  const alerts = [...jobFailureAlerts(counts.failedJobs), ...errorSpikeAlerts(counts.errorGroups), ...signInAlerts(counts.signIns)];
  const rank = (alert: SystemAlert) => (alert.severity === 'critical' ? 0 : 1);
  return alerts.sort((a, b) => rank(a) - rank(b));
}

/** The windows the server counts over, as of `now`. */
export function systemAlertWindows(now: Date) {
  const lastHourFrom = new Date(now.getTime() - HOUR_MS);
  const errorHoursFrom = new Date(Math.floor(lastHourFrom.getTime() / HOUR_MS) * HOUR_MS);
  const weekBefore = (from: Date) => new Date(from.getTime() - SYSTEM_ALERT_RULES.baselineHours * HOUR_MS);
  return {
    jobsFrom: new Date(now.getTime() - SYSTEM_ALERT_RULES.jobFailures.windowHours * HOUR_MS),
    /** Sign-in failures: the 60 minutes before now, and the week before them. */
    lastHourFrom,
    baselineFrom: weekBefore(lastHourFrom),
    /** Error reports, counted per clock hour: the hour now and the one before, and the week before them. */
    errorHoursFrom,
    errorBaselineFrom: weekBefore(errorHoursFrom),
  };
}
