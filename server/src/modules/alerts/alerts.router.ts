/**
 * Alerts (docs/alerts.md). Administrators post events (CAP-AU XML or GeoJSON), list what came in
 * with the feeds' health, and read the system's own alerts; a member reads their own alerts and marks them read.
 */
import express, { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { ALERT_MESSAGE_MAX_CHARACTERS, adminEventsQuerySchema, alertMessageFormSchema, alertParamsSchema, drawnEventSchema, placeEventSchema } from '@shared/contracts/alerts';
import { districtsArea } from '@shared/domain/alerts/districts';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { requireAdmin, requireUser, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { alertDistricts } from './alert-districts';
import { feedStatuses, presentFeedMessage } from './alert-feeds';
import { GEOJSON_CONTENT_TYPES, pastedAlertMessage, XML_CONTENT_TYPES } from './alert-messages';
import {
  alertEventDetail,
  decideHeldEvent,
  EVENT_NOT_HELD,
  EVENT_PLACED_ALREADY,
  placeEvent,
  ingestAlertMessage,
  ingestDrawnEvent,
  listAlertEvents,
  memberAlerts,
  presentMemberAlert,
  VISIBLE_TO_MEMBERS,
} from './alerts.service';
import { currentSystemAlerts } from './system-alerts.service';

export const ALERT_NOT_FOUND = 'There is no such alert among yours.';
export const EVENT_NOT_FOUND = 'There is no stored event with that id.';
export const FEED_MESSAGE_NOT_FOUND = 'There is no kept feed message with that id: only the newest 10 of each feed are kept.';

/** XML and geo+json arrive as text (JSON is already parsed for /api); a fire footprint may be long. */
const alertBodies = express.text({ type: [...XML_CONTENT_TYPES, ...GEOJSON_CONTENT_TYPES.filter((type) => type !== 'application/json')], limit: '2mb' });

/** The admin page's form (a file's text or a paste) in one field, `message`; no files. */
const messageFormFields = multer({ limits: { fields: 1, fieldSize: ALERT_MESSAGE_MAX_CHARACTERS * 4, files: 0, parts: 1 } }).none();
const messageForm = validate({ body: alertMessageFormSchema });
const readMessageForm: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  messageFormFields(req, res, (error: unknown) => {
    if (error) return next(badRequest('The form could not be read: send one field, message, with the CAP alert or GeoJSON.', 'bad_form'));
    // validate() throws a 400; inside multer's callback it must be handed on, not thrown.
    try {
      messageForm(req, res, next);
    } catch (invalid) {
      next(invalid);
    }
  });
};

export function alertsRouter(context: AppContext): Router {
  const { db, env } = context;
  const router = Router();

  /* ---------- Administrators ---------- */

  // Authorized before the body is read: a caller who may not post learns nothing from a 400.
  router.post('/admin/events', requireAdmin, alertBodies, readMessageForm, async (req, res) => {
    const message = req.is('multipart/form-data') ? pastedAlertMessage(messageForm.input(req).body.message) : { contentType: req.get('content-type'), body: req.body as unknown };
    const result = await ingestAlertMessage(context, message, 'api');
    res.status(result.events.some((event) => ['stored', 'held', 'needs_placing'].includes(event.outcome)) ? 201 : 200).json(result);
  });

  // An event drawn on the map by staff, for a report that came by phone.
  const drawn = validate({ body: drawnEventSchema });
  router.post('/admin/events/drawn', requireAdmin, drawn, async (req, res) => {
    const result = await ingestDrawnEvent(context, drawn.input(req).body, signedInUser(req).id);
    res.status(201).json(result);
  });

  const listQuery = validate({ query: adminEventsQuerySchema });
  router.get('/admin/events', requireAdmin, listQuery, async (req, res) => {
    const [list, feeds] = await Promise.all([listAlertEvents(db, listQuery.input(req).query), feedStatuses(db, env)]);
    res.set('Cache-Control', 'no-store').json({ ...list, feeds });
  });

  const params = validate({ params: alertParamsSchema });
  router.get('/admin/events/:id', requireAdmin, params, async (req, res) => {
    const event = await alertEventDetail(db, params.input(req).params.id);
    if (!event) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
    res.set('Cache-Control', 'no-store').json({ event });
  });

  // A feed's message as it came, for staff to read what the agency sent.
  router.get('/admin/alert-feed-messages/:id', requireAdmin, params, async (req, res) => {
    const row = await db.alertFeedMessage.findUnique({ where: { id: params.input(req).params.id } });
    if (!row) throw notFound(FEED_MESSAGE_NOT_FOUND, 'feed_message_not_found');
    res.set('Cache-Control', 'no-store').json({ message: { ...presentFeedMessage(row), feed: row.feed, contentType: row.contentType, body: row.body } });
  });

  // The districts staff can place a warning on: those of the installed boundaries file (none without one).
  router.get('/admin/alert-districts', requireAdmin, (_req, res) => {
    const districts = [...alertDistricts(env.ALERT_DISTRICTS_FILE).values()].map(({ code, name }) => ({ code, name })).sort((a, b) => a.code.localeCompare(b.code));
    res.json({ configured: Boolean(env.ALERT_DISTRICTS_FILE), districts });
  });

  // A warning named only by districts without a boundary, placed by staff on districts picked or an area drawn.
  const place = validate({ params: alertParamsSchema, body: placeEventSchema });
  router.post('/admin/events/:id/place', requireAdmin, place, async (req, res) => {
    const { params: input, body } = place.input(req);
    if (!(await db.alertEvent.findUnique({ where: { id: input.id }, select: { id: true } }))) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
    const districts = alertDistricts(env.ALERT_DISTRICTS_FILE);
    const picked = 'districts' in body ? body.districts : [];
    const area = 'geometry' in body ? body.geometry : districtsArea(picked, districts);
    if (!area) throw badRequest(`No boundary is installed for ${picked.filter((code) => !districts.has(code)).join(', ')}: draw the area instead.`, 'unknown_district');
    if (!(await placeEvent(context, input.id, signedInUser(req).id, area))) throw conflict(EVENT_PLACED_ALREADY, 'event_placed_already');
    res.json({ event: await alertEventDetail(db, input.id) });
  });

  // A held event (over more ground than a storm or fire covers) is confirmed or withdrawn by staff before anyone is told.
  for (const decision of ['confirm', 'withdraw'] as const) {
    router.post(`/admin/events/:id/${decision}`, requireAdmin, params, async (req, res) => {
      const { id } = params.input(req).params;
      if (!(await db.alertEvent.findUnique({ where: { id }, select: { id: true } }))) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
      if (!(await decideHeldEvent(context, id, signedInUser(req).id, decision))) throw conflict(EVENT_NOT_HELD, 'event_not_held');
      res.json({ event: await alertEventDetail(db, id) });
    });
  }

  // The system's own alerts (failed jobs, error spikes, sign-in failures), shown at the top of /admin/alerts.
  router.get('/admin/system-alerts', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await currentSystemAlerts(context));
  });

  /* ---------- The member ---------- */

  router.get('/user/alerts', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await memberAlerts(db, signedInUser(req).id));
  });

  router.post('/user/alerts/:id/read', requireUser, params, async (req, res) => {
    const where = { id: params.input(req).params.id, userId: signedInUser(req).id, event: VISIBLE_TO_MEMBERS };
    const match = await db.alertMatch.findFirst({ where, include: { event: true } });
    if (!match) throw notFound(ALERT_NOT_FOUND, 'alert_not_found');
    const read = match.readAt ? match : await db.alertMatch.update({ where: { id: match.id }, data: { readAt: new Date() }, include: { event: true } });
    res.json({ alert: presentMemberAlert(read) });
  });

  return router;
}
