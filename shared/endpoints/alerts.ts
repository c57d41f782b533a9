/**
 * Storm and fire alerts (docs/alerts.md): events in and the list for administrators, with the feeds'
 * health and the system's own alerts; a member's own alerts, which their broker and staff read too.
 */
import {
  adminEventResponseSchema,
  adminEventsQuerySchema,
  adminEventsResponseSchema,
  alertDistrictsResponseSchema,
  alertFeedMessageResponseSchema,
  alertParamsSchema,
  drawnEventSchema,
  endEventSchema,
  ingestResultSchema,
  memberAlertResponseSchema,
  memberAlertsResponseSchema,
  placeEventSchema,
  systemAlertsResponseSchema,
} from '../contracts/alerts';
import { memberQuerySchema } from '../contracts/dashboard';
import { endpoint } from './endpoint';

const params = alertParamsSchema;

export const alertEndpoints = {
  postEvent: endpoint({
    method: 'POST',
    path: '/api/admin/events',
    access: 'administrator',
    response: ingestResultSchema,
    summary:
      'A CAP-AU 1.2 alert (`application/xml`), a GeoJSON FeatureCollection (`application/geo+json`, `application/json`) or the admin page’s form (multipart, one field `message`): what became of each message or feature, 201 when one was new, else 200. Read only once the caller is through; 400 with a sentence for a bad message, a DOCTYPE or entities.',
  }),
  drawnEvent: endpoint({
    method: 'POST',
    path: '/api/admin/events/drawn',
    sentOnce: true,
    access: 'administrator',
    body: drawnEventSchema,
    response: ingestResultSchema,
    status: 201,
    summary:
      'An event staff draw on the map for a report by phone: kind, what was reported, when (Perth time), until when, hail size, a Polygon or MultiPolygon; matched and e-mailed like any other; audited `alert_event.drawn`.',
  }),
  events: endpoint({
    method: 'GET',
    path: '/api/admin/events',
    access: 'administrator',
    query: adminEventsQuerySchema,
    response: adminEventsResponseSchema,
    summary:
      'Events newest first with matches and e-mails counted, and the feeds’ health: `kind`, `status` (how it stands now: `current`, `held`, `needs_placing`, `ended`, `expired`), `order` (`effective` or `received`); `page`, `pageSize` (at most 100).',
  }),
  event: endpoint({
    method: 'GET',
    path: '/api/admin/events/:id',
    access: 'administrator',
    params,
    response: adminEventResponseSchema,
    summary:
      'One event with its geometry and every member matched, their paddocks (with each paddock’s outline, or null) and the copies e-mailed, the claims under its warning counted and how many issues the warning has; 404 for none.',
  }),
  feedMessage: endpoint({
    method: 'GET',
    path: '/api/admin/alert-feed-messages/:id',
    access: 'administrator',
    params,
    response: alertFeedMessageResponseSchema,
    summary: 'One of a feed’s kept messages (the newest 10 per feed) as it came, with what became of it; 404 for one not kept.',
  }),
  districts: endpoint({
    method: 'GET',
    path: '/api/admin/alert-districts',
    access: 'administrator',
    response: alertDistrictsResponseSchema,
    summary: 'The Bureau’s districts of the installed boundaries file (`ALERT_DISTRICTS_FILE`), code and name; none without one.',
  }),
  placeEvent: endpoint({
    method: 'POST',
    path: '/api/admin/events/:id/place',
    access: 'administrator',
    params,
    body: placeEventSchema,
    response: adminEventResponseSchema,
    summary:
      'A warning that needs placing, placed on `{ districts }` picked (400 for a district without a boundary) or a `{ geometry }` drawn; then matched and e-mailed; 409 once placed or ended, 404 for no such event; audited `alert_event.placed`.',
  }),
  confirmEvent: endpoint({
    method: 'POST',
    path: '/api/admin/events/:id/confirm',
    access: 'administrator',
    params,
    response: adminEventResponseSchema,
    summary: 'A held event (over more ground than a storm or fire covers) confirmed: the members matched are told; 409 once decided, 404 for no such event.',
  }),
  withdrawEvent: endpoint({
    method: 'POST',
    path: '/api/admin/events/:id/withdraw',
    access: 'administrator',
    params,
    response: adminEventResponseSchema,
    summary: 'A held event withdrawn: nobody is told; 409 once decided, 404 for no such event.',
  }),
  endEvent: endpoint({
    method: 'POST',
    path: '/api/admin/events/:id/end',
    access: 'administrator',
    params,
    body: endEventSchema,
    response: adminEventResponseSchema,
    summary:
      'A current event (or one waiting to be placed) ended by staff by hand with `{ reason }`, which members read on their alert; nobody is e-mailed; 409 once it has ended or expired, or while it is held; 404 for no such event; audited `alert_event.ended`.',
  }),
  systemAlerts: endpoint({
    method: 'GET',
    path: '/api/admin/system-alerts',
    access: 'administrator',
    response: systemAlertsResponseSchema,
    summary: 'The system’s own alerts now: failed jobs, error spikes, unusual sign-in failures.',
  }),
  myAlerts: endpoint({
    method: 'GET',
    path: '/api/user/alerts',
    access: 'signedIn',
    query: memberQuerySchema,
    response: memberAlertsResponseSchema,
    summary:
      'The caller’s own alerts, newest event first, with the unread count (an empty list for one with none); `memberId`: a client’s (their broker of record, or staff), read as they stand, the unread count being the member’s own.',
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/user/alerts/:id/read',
    access: 'signedIn',
    params,
    response: memberAlertResponseSchema,
    summary: 'Marks the caller’s own alert read; anyone else’s is answered as not found (404).',
  }),
};
