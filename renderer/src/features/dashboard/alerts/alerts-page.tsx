/**
 * /dashboard/alerts: the Bureau's and DFES's warnings that fell over the member's paddocks, newest
 * first, each with a map of the event over the paddocks, how much of each lay under it and what that
 * means for the member (the crop and value there, and a loss's worked example), and a claim
 * started from it with those paddocks filled in (docs/alerts.md). The alert e-mails link here.
 * Opening the page does not mark anything read: the member says so per alert. A broker reads a
 * client's (?member=) and staff the supported member's, as they stand, and may start a claim for them.
 */
import { lazy, useMemo } from 'react';
import { ALERT_KIND_LABELS, type MemberAlertListItem } from '@shared/contracts/alerts';
import type { ProtectionView } from '@shared/contracts/dashboard';
import { claimStartFromAlert } from '@shared/domain/alerts/alert-claims';
import { describeDanger, describeRaise, hailUpTo, warningRaise, worstTold } from '@shared/domain/alerts/escalation';
import { wholeWarning } from '@shared/domain/alerts/reissued-alerts';
import { paddockCoverFacts, stormMeaning } from '@shared/domain/alerts/storm-meaning';
import type { Reader } from '@shared/domain/reader';
import { LOSS_EXAMPLE_NOTE } from '@shared/domain/estimates';
import { formatDateTime, plural } from '@shared/format';
import { isPaddockGeometry } from '@shared/paddock-geometry';
import type { MappedPaddock } from '../../../components/map/event-map';
import { LoadedOnDemand } from '../../../components/ui/error-boundaries';
import { failureMessage } from '../../../lib/react-query';
import { useProtections } from '../../../api/get-protections';
import { ClientScopeBar, MemberLink, useMemberScope } from '../member-scope';
import { EmptyState, ErrorState, LoadingState, PageHeader, StatusBadge } from '../ui';
import styles from '../dashboard.module.css';
import { useAlerts } from './api/get-alerts';
import { useMarkAlertRead } from './api/mark-alert-read';
import { alertState, paddockShare, whosePaddocks } from './alert-state';

const EventMap = lazy(async () => ({ default: (await import('../../../components/map/event-map')).EventMap }));

export default function AlertsPage() {
  // The member's alerts (a broker's client's, the supported member's), their outlines and claims from the same member's protections.
  const { scope, reader } = useMemberScope();
  const alerts = useAlerts(scope);
  const protections = useProtections(scope);
  const own = reader === 'member';
  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader
        title="Alerts"
        intro={
          own
            ? 'Storm, hail, fire and lightning warnings from the Bureau of Meteorology and DFES that covered paddocks you protect or applied to protect, and how much of each paddock lay under them. We also e-mail them, unless you turned alert e-mails off in Settings.'
            : `Storm, hail, fire and lightning warnings from the Bureau of Meteorology and DFES that covered ${whosePaddocks(reader)}, protected or applied for, and how much of each paddock lay under them. Only the member marks them read.`
        }
      />
      {alerts.isPending && <LoadingState label={own ? 'Loading your alerts' : 'Loading the alerts'} rows={2} />}
      {alerts.isError && <ErrorState title={own ? 'Your alerts could not be loaded' : 'The alerts could not be loaded'} query={alerts} />}
      {alerts.isSuccess && alerts.data.alerts.length === 0 && (
        <EmptyState icon="field" title="No alerts">
          <p>When a warning covers one of {whosePaddocks(reader)}, it appears here with the paddocks it covered.</p>
        </EmptyState>
      )}
      {alerts.isSuccess && alerts.data.alerts.length > 0 && (
        <>
          <p className={styles.muted} role="status">
            {unreadLine(alerts.data.unread, reader)}
          </p>
          <ul className={styles.list} aria-label={own ? 'Your alerts, newest first' : 'Alerts, newest first'}>
            {alerts.data.alerts.map((alert) => (
              <li key={alert.id}>
                <AlertCard alert={alert} protections={protections.data?.protections} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** How many alerts the member has not read, said to whoever reads the page. */
function unreadLine(unread: number, reader: Reader): string {
  if (reader === 'member') return unread === 0 ? 'You have read every alert.' : `${plural(unread, 'unread alert')}.`;
  const who = reader === 'client' ? 'Your client' : 'The member';
  return unread === 0 ? `${who} has read every alert.` : `${who} has not read ${plural(unread, 'alert')} yet.`;
}

/** The outlines of the alert's paddocks, from the protections that hold them (a paddock placed by its farm's location has none). */
function outlinesOf(alert: MemberAlertListItem, protections: readonly ProtectionView[]): MappedPaddock[] {
  return alert.paddocks.flatMap((paddock) => {
    const geometry = protections.find((p) => p.id === paddock.applicationId)?.paddocks.find((p) => p.id === paddock.paddockId)?.geometry;
    if (!isPaddockGeometry(geometry)) return [];
    return [{ key: `${paddock.applicationId}-${paddock.paddockId}`, boundary: geometry, label: [{ text: paddock.name, strong: true }, paddockShare(paddock)] }];
  });
}

/**
 * One alert: only the member marks it read, and a claim is offered to whoever may lodge one for the
 * member (not a read-level support session).
 */
function AlertCard({ alert, protections }: { alert: MemberAlertListItem; protections: readonly ProtectionView[] | undefined }) {
  const { scope, reader, canChange } = useMemberScope();
  const own = reader === 'member';
  const markRead = useMarkAlertRead(scope);
  const state = alertState(alert);
  const titleId = `alert-${alert.id}`;
  const outlines = useMemo(() => (protections ? outlinesOf(alert, protections) : []), [alert, protections]);
  const claimable = canChange && protections !== undefined && claimStartFromAlert(wholeWarning(alert), protections) !== null;
  const firstIssue = alert.earlierIssues.at(-1);
  // Measured as the e-mail measures it: against the worst of the issues the member was told of before.
  const raise = firstIssue ? warningRaise(worstTold(alert.earlierIssues), alert) : null;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="member-alert">
      <div className={styles.cardHeader}>
        <h2 id={titleId}>
          {ALERT_KIND_LABELS[alert.kind]}: {alert.title}
        </h2>
        <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
        {!alert.read && <StatusBadge tone="info">Unread</StatusBadge>}
      </div>
      <dl className={styles.dl}>
        <dt>From</dt>
        <dd>{formatDateTime(alert.effectiveAt)}</dd>
        {firstIssue && (
          <>
            <dt>Issued</dt>
            <dd>
              First at {formatDateTime(firstIssue.effectiveAt)}, then updated {timesIn(alert.earlierIssues.length)} by the agency; this is the latest
            </dd>
          </>
        )}
        {raise && (
          <>
            <dt>Raised</dt>
            <dd>{describeRaise(raise)}</dd>
          </>
        )}
        {alert.expiresAt && (
          <>
            <dt>Until</dt>
            <dd>{formatDateTime(alert.expiresAt)}</dd>
          </>
        )}
        {alert.cancelledAt && <Ended alert={alert} at={alert.cancelledAt} />}
        {alert.severity && (
          <>
            <dt>Severity</dt>
            <dd>{alert.severity}</dd>
          </>
        )}
        {alert.hailSizeMm !== null && (
          <>
            <dt>Hail size</dt>
            <dd>{hailUpTo(alert.hailSizeMm)}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby={`${titleId}-paddocks`}>
        <h3 id={`${titleId}-paddocks`}>Paddocks under it</h3>
        <ul className={styles.list}>
          {alert.paddocks.map((paddock) => (
            <li key={`${paddock.applicationId}-${paddock.paddockId}`} className={styles.listItem}>
              <strong>{paddock.name}</strong>
              <span className={styles.muted}>{paddockShare(paddock)}</span>
              {protections && (
                <p className={styles.listItemNote} data-testid="storm-meaning">
                  {stormMeaning(alert.kind, paddock, paddockCoverFacts(alert.kind, paddock, protections), { reader }).sentence}
                </p>
              )}
            </li>
          ))}
        </ul>
        {protections && <p className={styles.muted}>{LOSS_EXAMPLE_NOTE}</p>}
      </section>
      {firstIssue && (
        <details className={styles.details}>
          <summary>Earlier issues of this warning ({alert.earlierIssues.length})</summary>
          <ul className={styles.list}>
            {alert.earlierIssues.map((issue) => (
              <li key={issue.id} className={styles.listItem}>
                <strong>
                  From {formatDateTime(issue.effectiveAt)}
                  {describeDanger(issue) && `: ${describeDanger(issue)}`}
                </strong>
                <span className={styles.muted}>{issue.paddocks.map((paddock) => `${paddock.name}: ${paddockShare(paddock)}`).join('; ')}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {protections && (
        <LoadedOnDemand loading={<div className={styles.mapPlaceholder} />}>
          <EventMap geometry={alert.geometry} title={alert.title} paddocks={outlines} focus="paddocks" />
        </LoadedOnDemand>
      )}
      <div className={styles.actions}>
        {claimable && (
          <MemberLink className="button button-primary" to={`/dashboard/claims?alert=${encodeURIComponent(alert.id)}`}>
            Start a claim
          </MemberLink>
        )}
        {own && !alert.read && (
          <button type="button" className="button" disabled={markRead.isPending} onClick={() => markRead.mutate(alert.id)}>
            {markRead.isPending ? 'Saving…' : 'Mark as read'}
          </button>
        )}
        {markRead.isError && (
          <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
            {failureMessage(markRead.error)}
          </p>
        )}
      </div>
    </article>
  );
}

/**
 * How the alert ended: the agency's update left the member's paddocks out, the agency withdrew it,
 * the fire service's feed no longer lists the incident, or the mutual's staff ended it, saying why.
 */
function Ended({ alert, at }: { alert: MemberAlertListItem; at: string }) {
  const [term, how] = alert.replaced
    ? ['Replaced', 'by the agency’s update of this warning, which does not list your paddocks']
    : alert.leftFeed
      ? ['Over', 'when the fire service stopped listing it among its current incidents']
      : alert.endedReason
        ? ['Ended', `by the mutual’s staff: “${alert.endedReason}”`]
        : ['Withdrawn', 'by the agency that issued it'];
  return (
    <>
      <dt>{term}</dt>
      <dd>
        {formatDateTime(at)}, {how}
      </dd>
    </>
  );
}

const timesIn = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);
