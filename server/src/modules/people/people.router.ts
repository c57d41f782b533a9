/**
 * The administrators' people pages (docs/people.md): find a person by any key
 * (/admin/user-lookup), everything held of them with the actions staff need, and their timeline
 * (/admin/user-tracking). Searches, views and every action are written to the audit log. Each route
 * is an endpoint of the table (shared/endpoints/people.ts).
 */
import type { Router } from 'express';
import { peopleEndpoints as endpoints } from '@shared/endpoints/people';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { auditEntry } from '../../lib/audit-log';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { lockAccount, PEOPLE_AUDIT_ACTIONS, sendPasswordReset, unlockAccount } from './account-actions.service';
import { lookUpPeople } from './lookup.service';
import { presentPerson } from './person.presenter';
import { personTimeline, visitorSessionOwner } from './timeline.service';

export function peopleRouter(context: AppContext): Router {
  const { env, db, sessions } = context;
  const { router, serve } = endpointRouter(context);
  const provider = providerOf(env.DATABASE_URL);

  serve(endpoints.lookUp)({
    handle: async (req, res, { query }) => {
      const found = await lookUpPeople(db, provider, query);
      await auditEntry(db, { actorId: signedInUser(req).id, customerId: null, action: PEOPLE_AUDIT_ACTIONS.search, details: { q: query.q, keyKind: found.keyKind, found: found.total } });
      res.set('Cache-Control', 'no-store');
      return { success: true, ...found, page: query.page, pageSize: query.pageSize };
    },
  });

  serve(endpoints.person)({
    handle: async (req, res, { params: { userId } }) => {
      const person = await presentPerson(db, sessions, userId);
      await auditEntry(db, { actorId: signedInUser(req).id, customerId: userId, action: PEOPLE_AUDIT_ACTIONS.view, details: {} });
      res.set('Cache-Control', 'no-store');
      return person;
    },
  });

  serve(endpoints.lock)({
    handle: async (req, _res, { params, body }) => {
      const message = await lockAccount(db, req, signedInUser(req), params.userId, body.reason);
      return { success: true, message };
    },
  });

  serve(endpoints.unlock)({
    handle: async (req, _res, { params }) => ({ success: true, message: await unlockAccount(db, req, signedInUser(req), params.userId) }),
  });

  serve(endpoints.passwordReset)({
    handle: async (req, _res, { params }) => ({ success: true, message: await sendPasswordReset(context, req, signedInUser(req), params.userId) }),
  });

  serve(endpoints.visitorSession)({
    handle: async (_req, res, { params: { sessionId } }) => {
      const owner = await visitorSessionOwner(db, sessionId);
      res.set('Cache-Control', 'no-store');
      return { success: true, sessionId, ...owner };
    },
  });

  serve(endpoints.timeline)({
    handle: async (req, res, { params, query }) => {
      const timeline = await personTimeline(db, params.userId, query);
      await auditEntry(db, {
        actorId: signedInUser(req).id,
        customerId: params.userId,
        action: PEOPLE_AUDIT_ACTIONS.timeline,
        details: { from: query.from ?? null, to: query.to ?? null, kinds: query.kinds, page: query.page },
      });
      res.set('Cache-Control', 'no-store');
      return timeline;
    },
  });

  return router;
}
