/** Administrators: the security log, role changes and referrer accounts. */
import { Router } from 'express';
import { createReferrerRequestSchema, roleChangeRequestSchema, securityEventsQuerySchema, type SecurityEvent } from '@shared/contracts/accounts';
import { displayName } from '@shared/domain/accounts/display-name';
import { isAdministrator, normalisePermissions } from '@shared/domain/accounts/permissions';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { siteOrigin } from '../../lib/site-url';
import { parseInput } from '../../lib/validate';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { loadAccountUser } from './account-presenter';
import { referrerWelcomeEmail } from './mail-templates';
import { FIRST_PASSWORD_LINK_VALID_MS, createPasswordResetLink } from './password-reset.router';
import { recordSecurityEvent } from './security-log';

export function adminAccountsRouter({ env, db, mailer }: AppContext): Router {
  const router = Router();

  router.get('/admin/security-logs', requireAdmin, async (req, res) => {
    const { type, email, limit } = parseInput(securityEventsQuerySchema, req.query);
    const events = await db.securityEvent.findMany({ where: { ...(type ? { type } : {}), ...(email ? { email } : {}) }, orderBy: { createdAt: 'desc' }, take: limit });
    res.set('Cache-Control', 'no-store').json({
      success: true,
      events: events.map((event) => ({ ...event, type: event.type as SecurityEvent['type'], details: (event.details ?? {}) as Record<string, unknown>, createdAt: event.createdAt.toISOString() })),
    });
  });

  router.put('/admin/users/:id/roles', requireAdmin, async (req, res) => {
    const actor = signedInUser(req);
    const change = parseInput(roleChangeRequestSchema, req.body);
    const target = await db.user.findUnique({ where: { id: String(req.params.id) } });
    if (!target) throw notFound('That user does not exist.');
    const after = { isAdmin: change.isAdmin ?? target.isAdmin, permissions: change.permissions ?? normalisePermissions(target.permissions) };
    if (target.id === actor.id && !isAdministrator(after)) {
      throw badRequest('You cannot take away your own administrator role; ask another administrator.', 'own_admin_role');
    }
    if (change.brokerId) {
      const broker = await db.user.findUnique({ where: { id: change.brokerId }, select: { isBroker: true } });
      if (!broker?.isBroker) throw badRequest('The broker of record must be a user with the broker role.', 'not_a_broker');
      if (change.brokerId === target.id) throw badRequest('A user cannot be their own broker.', 'own_broker');
    }
    const before = { isAdmin: target.isAdmin, isBroker: target.isBroker, permissions: normalisePermissions(target.permissions), brokerId: target.brokerId };
    await db.user.update({ where: { id: target.id }, data: change });
    await recordSecurityEvent(db, req, 'role_changed', { userId: target.id, email: target.email, details: { changedBy: actor.id, before, after: { ...before, ...change } } });
    res.json({ success: true, user: await loadAccountUser(db, target.id) });
  });

  router.get('/admin/referrers', requireAdmin, async (_req, res) => {
    const referrers = await db.referrer.findMany({ orderBy: { createdAt: 'desc' }, include: { user: true } });
    const counts = await db.user.groupBy({ by: ['referredByCode'], where: { referredByCode: { in: referrers.map((referrer) => referrer.code) } }, _count: { _all: true } });
    const leadCount = new Map(counts.map((count) => [count.referredByCode, count._count._all]));
    res.json({
      success: true,
      referrers: referrers.map((referrer) => ({
        id: referrer.id,
        userId: referrer.userId,
        email: referrer.user.email,
        name: displayName(referrer.user),
        organisation: referrer.organisation,
        code: referrer.code,
        isActive: referrer.isActive,
        leadCount: leadCount.get(referrer.code) ?? 0,
        createdAt: referrer.createdAt.toISOString(),
      })),
    });
  });

  router.post('/admin/referrers', requireAdmin, async (req, res) => {
    const input = parseInput(createReferrerRequestSchema, req.body);
    if (await db.referrer.findUnique({ where: { code: input.code } })) throw conflict(`The referrer code ${input.code} is taken. Choose another.`, 'referrer_code_taken');
    const existing = await db.user.findUnique({ where: { email: input.email }, include: { referrer: true } });
    if (existing?.referrer) throw conflict(`${input.email} already has a referrer account.`, 'already_referrer');
    const user =
      existing ?? (await db.user.create({ data: { email: input.email, firstName: input.firstName, lastName: input.lastName, permissions: [], emailVerifiedAt: null } }));
    const referrer = await db.referrer.create({ data: { userId: user.id, code: input.code, organisation: input.organisation } });
    const url = await createPasswordResetLink(db, user.id, siteOrigin(req, env), FIRST_PASSWORD_LINK_VALID_MS);
    await mailer.send(referrerWelcomeEmail({ to: user.email, firstName: user.firstName, organisation: referrer.organisation, code: referrer.code, url, validFor: `${FIRST_PASSWORD_LINK_VALID_MS / 86_400_000} days` }));
    await recordSecurityEvent(db, req, 'role_changed', { userId: user.id, email: user.email, details: { changedBy: signedInUser(req).id, referrerCode: referrer.code, granted: 'referrer' } });
    res.status(201).json({ success: true, referrer: { id: referrer.id, userId: user.id, code: referrer.code, organisation: referrer.organisation } });
  });

  return router;
}
