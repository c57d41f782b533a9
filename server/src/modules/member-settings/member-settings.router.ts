/**
 * A member's own settings: which e-mails they want, and the sessions they are signed in
 * with elsewhere (ending one, or all the others). Only ever the caller's own.
 */
import { Router } from 'express';
import { emailPreferencesInputSchema, recordParamsSchema } from '@shared/contracts/dashboard';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/app-error';
import { requireUser, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { defaultPreferences, presentPreferences } from '../../presenters/member-preference';
import { destroySession, userSessions } from './sessions';

export function memberSettingsRouter({ db, sessions }: AppContext): Router {
  const router = Router();

  router.get('/user/preferences', requireUser, async (req, res) => {
    const row = await db.memberPreference.findUnique({ where: { userId: signedInUser(req).id } });
    res.json({ preferences: row ? presentPreferences(row) : defaultPreferences });
  });

  const preferencesBody = validate({ body: emailPreferencesInputSchema });
  router.put('/user/preferences', requireUser, preferencesBody, async (req, res) => {
    const userId = signedInUser(req).id;
    const changes = preferencesBody.input(req).body;
    const row = await db.memberPreference.upsert({ where: { userId }, create: { userId, ...defaultPreferences, ...changes }, update: changes });
    res.json({ preferences: presentPreferences(row) });
  });

  router.get('/user/sessions', requireUser, async (req, res) => {
    const list = await userSessions(sessions.store, sessions.secret, signedInUser(req).id, req.sessionID);
    res.json({ sessions: list.map(({ sid: _sid, ...session }) => session) });
  });

  const sessionParams = validate({ params: recordParamsSchema });
  router.delete('/user/sessions/:id', requireUser, sessionParams, async (req, res) => {
    const reference = sessionParams.input(req).params.id;
    const list = await userSessions(sessions.store, sessions.secret, signedInUser(req).id, req.sessionID);
    const target = list.find((s) => s.id === reference);
    if (!target) throw notFound('That session has already ended.');
    if (target.current) throw badRequest('This is the session you are using; sign out instead.', 'current_session');
    await destroySession(sessions.store, target.sid);
    res.status(204).end();
  });

  router.delete('/user/sessions', requireUser, async (req, res) => {
    const list = await userSessions(sessions.store, sessions.secret, signedInUser(req).id, req.sessionID);
    const others = list.filter((s) => !s.current);
    for (const session of others) await destroySession(sessions.store, session.sid);
    res.json({ ended: others.length });
  });

  return router;
}
