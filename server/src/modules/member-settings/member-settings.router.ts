/**
 * A member's own settings: which e-mails they want, and the sessions they are signed in
 * with elsewhere (ending one, or all the others). Only ever the caller's own. The routes are the
 * endpoints of shared/endpoints/member-settings.ts.
 */
import type { Request } from 'express';
import { memberSettingsEndpoints as endpoints } from '@shared/endpoints/member-settings';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/app-error';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { defaultPreferences, presentPreferences } from '../../presenters/member-preference';
import { presentSession } from '../../presenters/signed-in-session';
import { destroySession, userSessions } from './sessions';

export function memberSettingsRouter(context: AppContext) {
  const { db, sessions } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.preferences)({
    handle: async (req) => {
      const row = await db.memberPreference.findUnique({ where: { userId: signedInUser(req).id } });
      return { preferences: row ? presentPreferences(row) : defaultPreferences };
    },
  });

  serve(endpoints.savePreferences)({
    handle: async (req, _res, { body: changes }) => {
      const userId = signedInUser(req).id;
      const row = await db.memberPreference.upsert({ where: { userId }, create: { userId, ...defaultPreferences, ...changes }, update: changes });
      return { preferences: presentPreferences(row) };
    },
  });

  /** The caller's sessions that still stand, read with when their last password change ended the others. */
  const ownSessions = async (req: Request) => {
    const userId = signedInUser(req).id;
    const { sessionsValidFrom } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionsValidFrom: true } });
    return userSessions(sessions.store, sessions.secret, { userId, sessionsValidFrom }, req.sessionID);
  };

  serve(endpoints.sessions)({
    handle: async (req) => ({ sessions: (await ownSessions(req)).map(presentSession) }),
  });

  serve(endpoints.endSession)({
    handle: async (req, res, { params }) => {
      const list = await ownSessions(req);
      const target = list.find((session) => session.id === params.id);
      if (!target) throw notFound('That session has already ended.');
      if (target.current) throw badRequest('This is the session you are using; sign out instead.', 'current_session');
      await destroySession(sessions.store, target.sid);
      res.status(204).end();
    },
  });

  serve(endpoints.endOtherSessions)({
    handle: async (req) => {
      const others = (await ownSessions(req)).filter((session) => !session.current);
      for (const session of others) await destroySession(sessions.store, session.sid);
      return { ended: others.length };
    },
  });

  return router;
}
