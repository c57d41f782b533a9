/**
 * Alerts (docs/alerts.md). Administrators post events (CAP-AU XML or GeoJSON), list what came in
 * with the feeds' health, and read the system's own alerts; a member reads their own alerts and marks them read.
 * Each route is an endpoint of the table (shared/endpoints/alerts.ts).
 */
import express, { type RequestHandler } from 'express';
import { ALERT_MESSAGE_MAX_CHARACTERS, alertMessageFormSchema } from '@shared/contracts/alerts';
import { districtsArea } from '@shared/domain/alerts/districts';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { signedInUser } from '../../middleware/auth';
import { multipartBody } from '../../middleware/multipart';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { validate } from '../../middleware/validate';
import { alertDistricts } from './alert-districts';
import { feedStatuses, keptFeedMessage } from './alert-feeds';
import { GEOJSON_CONTENT_TYPES, pastedAlertMessage, XML_CONTENT_TYPES } from './incoming-message';
import {
  alertEventDetail,
  decideHeldEvent,
  endEventByHand,
  EVENT_NOT_CURRENT,
  EVENT_NOT_HELD,
  EVENT_PLACED_ALREADY,
  placeEvent,
  ingestAlertMessage,
  ingestDrawnEvent,
  listAlertEvents,
  memberAlerts,
  presentMemberAlert,
  VISIBLE_TO_MEMBERS,
  EVENT_NOT_FOUND,
} from './alerts.service';
import { currentSystemAlerts } from './system-alerts.service';

export const ALERT_NOT_FOUND = 'There is no such alert among yours.';

/** XML and geo+json arrive as text (JSON is already parsed for /api); a fire footprint may be long. */
const alertBodies = express.text({ type: [...XML_CONTENT_TYPES, ...GEOJSON_CONTENT_TYPES.filter((type) => type !== 'application/json')], limit: '2mb' });

/** The admin page's form (a file's text or a paste) in one field, `message`; no files. */
const formUnreadable = () => badRequest('The form could not be read: send one field, message, with the CAP alert or GeoJSON.', 'bad_form');
const messageFormFields = multipartBody({ limits: { fields: 1, fieldSize: ALERT_MESSAGE_MAX_CHARACTERS * 4, parts: 1 }, wrongFiles: formUnreadable, unreadable: formUnreadable });
const messageForm = validate({ body: alertMessageFormSchema });
const readMessageForm: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  messageFormFields(req, res, (error: unknown) => {
    if (error) return next(error);
    // validate() throws a 400; inside multer's callback it must be handed on, not thrown.
    try {
      messageForm(req, res, next);
    } catch (invalid) {
      next(invalid);
    }
  });
};

/** The message as it came: XML or geo+json text, JSON already parsed, or the admin page's form. */
const readAlertMessage: RequestHandler = (req, res, next) => {
  alertBodies(req, res, (error?: unknown) => (error ? next(error) : readMessageForm(req, res, next)));
};

export function alertsRouter(context: AppContext) {
  const { db, env } = context;
  const { router, serve } = endpointRouter(context);
  const policy = requestPolicy(context);

  /* ---------- Administrators ---------- */

  // Authorized before the body is read: a caller who may not post learns nothing from a 400.
  serve(endpoints.postEvent)({
    readBody: readAlertMessage,
    handle: async (req, res) => {
      const message = req.is('multipart/form-data') ? pastedAlertMessage(messageForm.input(req).body.message) : { contentType: req.get('content-type'), body: req.body as unknown };
      const result = await ingestAlertMessage(context, message, 'api');
      if (result.events.some((event) => ['stored', 'held', 'needs_placing'].includes(event.outcome))) res.status(201);
      return result;
    },
  });

  // An event drawn on the map by staff, for a report that came by phone.
  serve(endpoints.drawnEvent)({ handle: (req, _res, { body }) => ingestDrawnEvent(context, body, signedInUser(req).id) });

  serve(endpoints.events)({
    handle: async (_req, res, { query }) => {
      const [list, feeds] = await Promise.all([listAlertEvents(db, query), feedStatuses(db, env)]);
      res.set('Cache-Control', 'no-store');
      return { ...list, feeds };
    },
  });

  serve(endpoints.event)({
    handle: async (_req, res, { params }) => {
      const event = await alertEventDetail(db, params.id);
      if (!event) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
      res.set('Cache-Control', 'no-store');
      return { event };
    },
  });

  serve(endpoints.feedMessage)({
    handle: async (_req, res, { params }) => {
      const message = await keptFeedMessage(db, params.id);
      res.set('Cache-Control', 'no-store');
      return { message };
    },
  });

  // The districts staff can place a warning on: those of the installed boundaries file (none without one).
  serve(endpoints.districts)({
    handle: async () => {
      const districts = [...alertDistricts(env.ALERT_DISTRICTS_FILE).values()].map(({ code, name }) => ({ code, name })).sort((a, b) => a.code.localeCompare(b.code));
      return { configured: Boolean(env.ALERT_DISTRICTS_FILE), districts };
    },
  });

  /** The event the address names, or a 404; its detail once the change is made. */
  const requireEvent = async (id: string) => {
    if (!(await db.alertEvent.findUnique({ where: { id }, select: { id: true } }))) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
  };
  const detailOf = async (id: string) => {
    const event = await alertEventDetail(db, id);
    if (!event) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
    return { event };
  };

  // A warning named only by districts without a boundary, placed by staff on districts picked or an area drawn.
  serve(endpoints.placeEvent)({
    handle: async (req, _res, { params, body }) => {
      await requireEvent(params.id);
      const districts = alertDistricts(env.ALERT_DISTRICTS_FILE);
      const picked = 'districts' in body ? body.districts : [];
      const area = 'geometry' in body ? body.geometry : districtsArea(picked, districts);
      if (!area) throw badRequest(`No boundary is installed for ${picked.filter((code) => !districts.has(code)).join(', ')}: draw the area instead.`, 'unknown_district');
      if (!(await placeEvent(context, params.id, signedInUser(req).id, area))) throw conflict(EVENT_PLACED_ALREADY, 'event_placed_already');
      return detailOf(params.id);
    },
  });

  // A held event (over more ground than a storm or fire covers) is confirmed or withdrawn by staff before anyone is told.
  for (const [definition, decision] of [
    [endpoints.confirmEvent, 'confirm'],
    [endpoints.withdrawEvent, 'withdraw'],
  ] as const) {
    serve(definition)({
      handle: async (req, _res, { params }) => {
        await requireEvent(params.id);
        if (!(await decideHeldEvent(context, params.id, signedInUser(req).id, decision))) throw conflict(EVENT_NOT_HELD, 'event_not_held');
        return detailOf(params.id);
      },
    });
  }

  // A current event ended by staff by hand: a drawn report that is over, or a feed's entry that was wrong.
  serve(endpoints.endEvent)({
    handle: async (req, _res, { params, body }) => {
      await requireEvent(params.id);
      if (!(await endEventByHand(db, params.id, signedInUser(req).id, body.reason))) throw conflict(EVENT_NOT_CURRENT, 'event_not_current');
      return detailOf(params.id);
    },
  });

  // The system's own alerts (failed jobs, error spikes, sign-in failures), shown at the top of /admin/alerts.
  serve(endpoints.systemAlerts)({
    handle: async (_req, res) => {
      res.set('Cache-Control', 'no-store');
      return currentSystemAlerts(context);
    },
  });

  /* ---------- The member ---------- */

  serve(endpoints.myAlerts)({
    handle: async (req, res, { query }) => {
      res.set('Cache-Control', 'no-store');
      const member = await policy.member(req, query.memberId, 'read');
      return memberAlerts(db, member.id);
    },
  });

  serve(endpoints.markRead)({
    handle: async (req, _res, { params }) => {
      const where = { id: params.id, userId: signedInUser(req).id, event: VISIBLE_TO_MEMBERS };
      const match = await db.alertMatch.findFirst({ where, include: { event: true } });
      if (!match) throw notFound(ALERT_NOT_FOUND, 'alert_not_found');
      const read = match.readAt ? match : await db.alertMatch.update({ where: { id: match.id }, data: { readAt: new Date() }, include: { event: true } });
      return { alert: presentMemberAlert(read) };
    },
  });

  return router;
}
