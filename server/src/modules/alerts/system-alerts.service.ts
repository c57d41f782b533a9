/**
 * The counts behind the system's own alerts (docs/alerts.md 'System alerts'): failed jobs from the
 * job queue, error reports per fingerprint and hour, and sign-in failures from the security log.
 * The rule that turns them into alerts is shared/domain/alerts/system-alerts.ts.
 */
import type { SystemAlertsResponse } from '@shared/contracts/alerts';
import { SYSTEM_ALERT_RULES, type SystemAlertCounts, systemAlerts, systemAlertWindows } from '@shared/domain/alerts/system-alerts';
import type { AppContext } from '../../context';

const SIGN_IN_FAILURE = 'sign_in_failure';

export async function gatherSystemAlertCounts({ db, jobs }: Pick<AppContext, 'db' | 'jobs'>, now: Date): Promise<SystemAlertCounts> {
  const windows = systemAlertWindows(now);
  const lastHour = { type: SIGN_IN_FAILURE, createdAt: { gte: windows.lastHourFrom, lte: now } };
  const perKeyMinimum = SYSTEM_ALERT_RULES.signInPerKey.minimum;
  const [failedJobs, recentErrors, signInsLastHour, signInsBefore, firstSignIn, byAddress, byEmail] = await Promise.all([
    jobs.failuresSince(windows.jobsFrom),
    db.errorHourlyCount.groupBy({ by: ['fingerprint'], where: { hourStart: { gte: windows.errorHoursFrom, lte: now } }, _sum: { count: true }, _min: { hourStart: true } }),
    db.securityEvent.count({ where: lastHour }),
    db.securityEvent.count({ where: { type: SIGN_IN_FAILURE, createdAt: { gte: windows.baselineFrom, lt: windows.lastHourFrom } } }),
    db.securityEvent.findFirst({ where: lastHour, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
    db.securityEvent.groupBy({ by: ['ip'], where: { ...lastHour, ip: { not: null } }, _count: { _all: true }, _min: { createdAt: true }, having: { ip: { _count: { gte: perKeyMinimum } } } }),
    db.securityEvent.groupBy({ by: ['email'], where: { ...lastHour, email: { not: null } }, _count: { _all: true }, _min: { createdAt: true }, having: { email: { _count: { gte: perKeyMinimum } } } }),
  ]);

  // Only an error with enough reports this hour can be a spike: the week before is read for those alone.
  const candidates = recentErrors.filter((row) => (row._sum.count ?? 0) >= SYSTEM_ALERT_RULES.errorSpike.minimum);
  const fingerprints = candidates.map((row) => row.fingerprint);
  const [before, groups] = fingerprints.length
    ? await Promise.all([
        db.errorHourlyCount.groupBy({ by: ['fingerprint'], where: { fingerprint: { in: fingerprints }, hourStart: { gte: windows.errorBaselineFrom, lt: windows.errorHoursFrom } }, _sum: { count: true } }),
        db.errorGroup.findMany({ where: { fingerprint: { in: fingerprints } }, select: { fingerprint: true, message: true } }),
      ])
    : [[], []];
  const beforeOf = new Map(before.map((row) => [row.fingerprint, row._sum.count ?? 0]));
  const messageOf = new Map(groups.map((group) => [group.fingerprint, group.message]));

  const perKey = (rows: Array<{ key: string | null; _count: { _all: number }; _min: { createdAt: Date | null } }>) =>
    rows.flatMap((row) => (row.key ? [{ key: row.key, count: row._count._all, firstAt: row._min.createdAt ?? windows.lastHourFrom }] : []));
  return {
    failedJobs,
    errorGroups: candidates.map((row) => ({
      fingerprint: row.fingerprint,
      message: messageOf.get(row.fingerprint) ?? row.fingerprint,
      lastHour: row._sum.count ?? 0,
      previousWeek: beforeOf.get(row.fingerprint) ?? 0,
      firstInHourAt: row._min.hourStart ?? windows.errorHoursFrom,
    })),
    signIns: {
      lastHour: signInsLastHour,
      previousWeek: signInsBefore,
      firstInHourAt: firstSignIn?.createdAt ?? null,
      byAddress: perKey(byAddress.map((row) => ({ ...row, key: row.ip }))),
      byEmail: perKey(byEmail.map((row) => ({ ...row, key: row.email }))),
    },
  };
}

export async function currentSystemAlerts(context: Pick<AppContext, 'db' | 'jobs'>, now = new Date()): Promise<SystemAlertsResponse> {
  return { alerts: systemAlerts(await gatherSystemAlertCounts(context, now)), checkedAt: now.toISOString() };
}
