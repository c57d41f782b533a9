/**
 * The administrators' people pages (docs/people.md): find a person by any key
 * (/admin/user-lookup), everything held of them with the actions staff need, and their timeline
 * (/admin/user-tracking). Searches, views and every action are written to the audit log.
 */
import { Router } from 'express';
import { lockAccountRequestSchema, personParamsSchema, userLookupQuerySchema, userTrackingQuerySchema, visitorSessionParamsSchema } from '@shared/contracts/people';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { auditEntry } from '../../lib/audit-log';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { lockAccount, PEOPLE_AUDIT_ACTIONS, sendPasswordReset, unlockAccount } from './account-actions.service';
import { lookUpPeople } from './lookup.service';
import { presentPerson } from './person.presenter';
import { personTimeline, visitorSessionOwner } from './timeline.service';

export function peopleRouter(context: AppContext): Router {
  const { env, db, sessions } = context;
  const router = Router();
  const provider = providerOf(env.DATABASE_URL);

  const lookupQuery = validate({ query: userLookupQuerySchema });
  router.get('/admin/user-lookup', requireAdmin, lookupQuery, async (req, res) => {
    const query = lookupQuery.input(req).query;
    const found = await lookUpPeople(db, provider, query);
    await auditEntry(db, { actorId: signedInUser(req).id, customerId: null, action: PEOPLE_AUDIT_ACTIONS.search, details: { q: query.q, keyKind: found.keyKind, found: found.total } });
    res.set('Cache-Control', 'no-store').json({ success: true, ...found, page: query.page, pageSize: query.pageSize });
  });

  const personParams = validate({ params: personParamsSchema });
  router.get('/admin/user-lookup/:userId', requireAdmin, personParams, async (req, res) => {
    const { userId } = personParams.input(req).params;
    const person = await presentPerson(db, sessions, userId);
    await auditEntry(db, { actorId: signedInUser(req).id, customerId: userId, action: PEOPLE_AUDIT_ACTIONS.view, details: {} });
    res.set('Cache-Control', 'no-store').json(person);
  });

  const lockBody = validate({ body: lockAccountRequestSchema });
  router.post('/admin/user-lookup/:userId/lock', requireAdmin, personParams, lockBody, async (req, res) => {
    const message = await lockAccount(db, req, signedInUser(req), personParams.input(req).params.userId, lockBody.input(req).body.reason);
    res.json({ success: true, message });
  });

  router.post('/admin/user-lookup/:userId/unlock', requireAdmin, personParams, async (req, res) => {
    res.json({ success: true, message: await unlockAccount(db, req, signedInUser(req), personParams.input(req).params.userId) });
  });

  router.post('/admin/user-lookup/:userId/password-reset', requireAdmin, personParams, async (req, res) => {
    res.json({ success: true, message: await sendPasswordReset(context, req, signedInUser(req), personParams.input(req).params.userId) });
  });

  const visitorParams = validate({ params: visitorSessionParamsSchema });
  router.get('/admin/user-tracking/visitor-sessions/:sessionId', requireAdmin, visitorParams, async (req, res) => {
    const { sessionId } = visitorParams.input(req).params;
    const owner = await visitorSessionOwner(db, sessionId);
    res.set('Cache-Control', 'no-store').json({ success: true, sessionId, ...owner });
  });

  const trackingQuery = validate({ params: personParamsSchema, query: userTrackingQuerySchema });
  router.get('/admin/user-tracking/:userId', requireAdmin, trackingQuery, async (req, res) => {
    const { params, query } = trackingQuery.input(req);
    const timeline = await personTimeline(db, params.userId, query);
    await auditEntry(db, {
      actorId: signedInUser(req).id,
      customerId: params.userId,
      action: PEOPLE_AUDIT_ACTIONS.timeline,
      details: { from: query.from ?? null, to: query.to ?? null, kinds: query.kinds, page: query.page },
    });
    res.set('Cache-Control', 'no-store').json(timeline);
  });

  return router;
}
