import { describe, expect, it } from 'vitest';
import { type SystemAlertCounts, systemAlerts, systemAlertWindows } from './system-alerts';

const at = (time: string) => new Date(`2026-11-20T${time}+08:00`);
const quiet: SystemAlertCounts = { failedJobs: [], errorGroups: [], signIns: { lastHour: 0, previousWeek: 0, firstInHourAt: null, byAddress: [], byEmail: [] } };
const withCounts = (counts: Partial<SystemAlertCounts>) => systemAlerts({ ...quiet, ...counts });
const signIns = (counts: Partial<SystemAlertCounts['signIns']>) => withCounts({ signIns: { ...quiet.signIns, ...counts } });

describe('system alerts', () => {
  it('says nothing when nothing is wrong', () => {
    expect(systemAlerts(quiet)).toEqual([]);
  });

  it('names the queue of failed jobs with its last error, and is critical from three failures', () => {
    const alerts = withCounts({
      failedJobs: [
        { queue: 'alerts.email', count: 1, firstFailedAt: at('09:00:00'), lastError: 'The mail server refused the message' },
        { queue: 'test.printer', count: 3, firstFailedAt: at('08:00:00'), lastError: null },
      ],
    });
    expect(alerts).toEqual([
      {
        id: 'job_failures:test.printer',
        kind: 'job_failures',
        severity: 'critical',
        title: '3 background jobs of “test.printer” failed in the last 24 hours.',
        detail: 'No error was recorded. Try the job again on Background Jobs once the cause is fixed.',
        since: at('08:00:00').toISOString(),
        link: '/admin/background-jobs',
      },
      {
        id: 'job_failures:alerts.email',
        kind: 'job_failures',
        severity: 'warning',
        title: '1 background job of “Storm and fire alert e-mails (as events arrive)” failed in the last 24 hours.',
        detail: 'Last error: The mail server refused the message Try the job again on Background Jobs once the cause is fixed.',
        since: at('09:00:00').toISOString(),
        link: '/admin/background-jobs',
      },
    ]);
  });

  it('calls an error a spike at 10 reports in the hour and five times its usual rate, not below either', () => {
    const group = { fingerprint: 'fp/1', message: 'Cannot read properties of undefined', firstInHourAt: at('10:00:00') };
    // The week before: 336 reports, 2 an hour; five times that is 10.
    expect(withCounts({ errorGroups: [{ ...group, lastHour: 10, previousWeek: 336 }] })).toEqual([
      {
        id: 'error_spike:fp/1',
        kind: 'error_spike',
        severity: 'warning',
        title: 'An error was reported 10 times in the last hour: “Cannot read properties of undefined”.',
        detail: 'The week before averaged 2 reports an hour.',
        since: at('10:00:00').toISOString(),
        link: '/admin/errors/fp%2F1',
      },
    ]);
    expect(withCounts({ errorGroups: [{ ...group, lastHour: 9, previousWeek: 0 }] })).toEqual([]);
    // 3 an hour usually: 14 is not five times that.
    expect(withCounts({ errorGroups: [{ ...group, lastHour: 14, previousWeek: 504 }] })).toEqual([]);
    const fresh = withCounts({ errorGroups: [{ ...group, lastHour: 120, previousWeek: 0 }] });
    expect(fresh).toMatchObject([{ severity: 'critical', detail: 'There were none in the week before.' }]);
  });

  it('flags sign-in failures at 20 in the hour and three times the usual rate', () => {
    // 168 failures in the week: one an hour.
    expect(signIns({ lastHour: 20, previousWeek: 168, firstInHourAt: at('11:05:00') })).toEqual([
      {
        id: 'sign_in_failures',
        kind: 'sign_in_failures',
        severity: 'warning',
        title: '20 sign-ins failed in the last hour, far more than usual.',
        detail: 'The week before averaged 1 failure an hour.',
        since: at('11:05:00').toISOString(),
        link: '/admin/security-logs?type=sign_in_failure',
      },
    ]);
    expect(signIns({ lastHour: 19, previousWeek: 0, firstInHourAt: at('11:05:00') })).toEqual([]);
    // 10 an hour usually (a busy week): 25 is not three times that.
    expect(signIns({ lastHour: 25, previousWeek: 1680, firstInHourAt: at('11:05:00') })).toEqual([]);
  });

  it('names an address or an e-mail with 10 or more failures in the hour, at most five of each, the most first', () => {
    const byAddress = [
      { key: '203.0.113.9', count: 60, firstAt: at('11:00:00') },
      { key: '198.51.100.4', count: 9, firstAt: at('11:10:00') },
    ];
    const byEmail = Array.from({ length: 7 }, (_, index) => ({ key: `grower${index}@example.com`, count: 10 + index, firstAt: at('11:20:00') }));
    const alerts = signIns({ lastHour: 5, previousWeek: 5000, firstInHourAt: at('11:00:00'), byAddress, byEmail });
    expect(alerts.map((alert) => [alert.id, alert.severity])).toEqual([
      ['sign_in_failures_address:203.0.113.9', 'critical'],
      ['sign_in_failures_email:grower6@example.com', 'warning'],
      ['sign_in_failures_email:grower5@example.com', 'warning'],
      ['sign_in_failures_email:grower4@example.com', 'warning'],
      ['sign_in_failures_email:grower3@example.com', 'warning'],
      ['sign_in_failures_email:grower2@example.com', 'warning'],
    ]);
    expect(alerts[0]?.title).toBe('60 sign-ins failed in the last hour from the address 203.0.113.9.');
    expect(alerts[1]).toMatchObject({ title: '16 sign-ins failed in the last hour for grower6@example.com.', link: '/admin/security-logs?type=sign_in_failure&email=grower6%40example.com' });
  });

  it('counts errors in whole clock hours and sign-ins over the last 60 minutes', () => {
    const windows = systemAlertWindows(new Date('2026-11-20T03:25:00Z'));
    expect(windows.lastHourFrom.toISOString()).toBe('2026-11-20T02:25:00.000Z');
    expect(windows.baselineFrom.toISOString()).toBe('2026-11-13T02:25:00.000Z');
    expect(windows.errorHoursFrom.toISOString()).toBe('2026-11-20T02:00:00.000Z');
    expect(windows.errorBaselineFrom.toISOString()).toBe('2026-11-13T02:00:00.000Z');
    expect(windows.jobsFrom.toISOString()).toBe('2026-11-19T03:25:00.000Z');
  });
});
