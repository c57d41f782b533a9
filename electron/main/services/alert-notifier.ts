/**
 * Storm and fire alerts and the system's own alerts in the console (docs/desktop.md, docs/alerts.md):
 * a notification for each new event that fell over members' paddocks, and for each system alert
 * that was not standing at the last poll. A click opens the page where staff act.
 */
import { ALERT_KIND_LABELS, type AdminEventSummary, adminEventsResponseSchema, type SystemAlert, systemAlertsResponseSchema } from '../../../shared/contracts/alerts';
import { createPollingNotifier, newItemsSince, type Notifier, type PollingNotifierOptions, type SeenMark } from './polling-notifier';
import { plural } from '../../../shared/format';

/** Newest arrival first: 50 is more than arrive between two polls. */
export const ALERT_EVENTS_PATH = '/api/admin/events?order=received&pageSize=50';
export const SYSTEM_ALERTS_PATH = '/api/admin/system-alerts';

/**
 * Events that arrived since the last poll and told at least one member. Events over nobody's
 * paddocks are not announced: in a storm season the Bureau issues many a day across the state, and
 * staff act only on those over members (the page lists them all). Nor is an update of a warning
 * that covers no member it did not already: through a storm the Bureau re-issues it every half hour
 * or so, and staff were told of the warning once.
 */
export function newMatchedEvents(previous: SeenMark | undefined, events: readonly AdminEventSummary[]): { fresh: AdminEventSummary[]; mark: SeenMark } {
  const { fresh, mark } = newItemsSince(previous, events, (event) => event.receivedAt);
  // A warning that needs placing reaches nobody until staff place it, so it is announced too.
  return { fresh: fresh.filter((event) => event.newlyMatchedMembers > 0 || (event.areaKm2 === null && !event.cancelledAt)), mark };
}

/** System alerts standing now that were not at the last poll (none on the first poll after a start); one that clears and comes back is new again. */
export function newSystemAlerts(previous: readonly string[] | undefined, alerts: readonly SystemAlert[]): { fresh: SystemAlert[]; mark: string[] } {
  return { fresh: previous === undefined ? [] : alerts.filter((alert) => !previous.includes(alert.id)), mark: alerts.map((alert) => alert.id) };
}

export function eventNotification(event: AdminEventSummary): { title: string; body: string; opens: string } {
  const opens = `/admin/alerts?event=${encodeURIComponent(event.id)}`;
  if (event.areaKm2 === null) {
    return {
      title: `Place this ${ALERT_KIND_LABELS[event.kind].toLowerCase()} warning: nobody is told until it is placed`,
      body: `${event.title} · ${event.areaDescription ?? event.areaCodes.join(', ')}`,
      opens,
    };
  }
  const over = event.updatesEarlier
    ? `${ALERT_KIND_LABELS[event.kind]} alert updated: ${plural(event.newlyMatchedMembers, 'member')} told`
    : `${ALERT_KIND_LABELS[event.kind]} alert over ${event.matchedMembers === 1 ? 'a member’s' : `${event.matchedMembers} members’`} paddocks`;
  return {
    // A held event waits for staff: nobody is told until one of them confirms it.
    title: event.heldAt && !event.confirmedAt ? `Confirm before anyone is told: ${over}` : over,
    body: `${event.title} · ${plural(event.matchedPaddocks, 'paddock')}${event.updatesEarlier ? ` of ${plural(event.matchedMembers, 'member')} in all` : ''}`,
    opens,
  };
}

/** Only a page of the admin area is opened from a notification; anything else the server sent opens the alerts page. */
const ADMIN_PAGE = /^(?!.*\.\.)\/admin(\/[A-Za-z0-9][A-Za-z0-9\-_/%.]*)?(\?[A-Za-z0-9\-_=&%.]*)?$/;

export function systemAlertNotification(alert: SystemAlert): { title: string; body: string; opens: string } {
  return {
    title: alert.severity === 'critical' ? 'Critical system alert' : 'System alert',
    body: alert.title,
    opens: ADMIN_PAGE.test(alert.link) ? alert.link : '/admin/alerts',
  };
}

type Options = Pick<PollingNotifierOptions<unknown, unknown, unknown>, 'Notification' | 'fetch' | 'getServerUrl' | 'onClick' | 'intervalMs'>;

/** The two pollers, started and stopped together with the submissions' notifier. */
export function createAlertNotifiers(options: Options): Notifier[] {
  return [
    createPollingNotifier({
      ...options,
      path: ALERT_EVENTS_PATH,
      schema: adminEventsResponseSchema,
      decide: (previous: SeenMark | undefined, answer) => newMatchedEvents(previous, answer.events),
      notification: eventNotification,
    }),
    createPollingNotifier({
      ...options,
      path: SYSTEM_ALERTS_PATH,
      schema: systemAlertsResponseSchema,
      decide: (previous: string[] | undefined, answer) => newSystemAlerts(previous, answer.alerts),
      notification: systemAlertNotification,
    }),
  ];
}
