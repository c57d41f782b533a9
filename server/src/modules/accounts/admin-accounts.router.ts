/** Administrators: the security log, users and their roles, members, and referrer accounts. */
import { Router } from 'express';
import {
  type AdminUser,
  adminUsersQuerySchema,
  createReferrerRequestSchema,
  membersQuerySchema,
  roleChangeRequestSchema,
  securityEventsQuerySchema,
  userParamsSchema,
  type SecurityEvent,
} from '@shared/contracts/accounts';
import { displayName } from '@shared/domain/accounts/display-name';
import { isAdministrator, normalisePermissions } from '@shared/domain/accounts/permissions';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { providerOf } from '../../db/provider';
import { requireAdmin, requirePermission, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { loadAccountUser } from '../../presenters/account';
import { referrerWelcomeEmail } from './mail-templates';
import { FIRST_PASSWORD_LINK_VALID_MS, issuePasswordResetLink } from './password-reset.service';
import { userSearch } from './users.service';
import { listMembersFor } from './members-list';
import { recordSecurityEvent } from './security-log';
import { endSupportSessionsNoLongerAllowed } from '../support/support-sessions';

export function adminAccountsRouter({ env, db, mailer, site }: AppContext): Router {
  const router = Router();

  const search = userSearch(providerOf(env.DATABASE_URL));

  const securityEventsQuery = validate({ query: securityEventsQuerySchema });
  router.get('/admin/security-logs', requireAdmin, securityEventsQuery, async (req, res) => {
    const { type, email, userId, from, to, page, pageSize } = securityEventsQuery.input(req).query;
    const where = {
      ...(type ? { type } : {}),
      ...(email ? { email: { contains: email } } : {}),
      ...(userId ? { userId } : {}),
      ...(from || to ? { createdAt: { ...(from ? { gte: new Date(from) } : {}), ...(to ? { lte: new Date(to) } : {}) } } : {}),
    };
    const [total, events] = await Promise.all([
      db.securityEvent.count({ where }),
      db.securityEvent.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * pageSize, take: pageSize }),
    ]);
    res.set('Cache-Control', 'no-store').json({
      success: true,
      total,
      page,
      pageSize,
      events: events.map((event) => ({ ...event, type: event.type as SecurityEvent['type'], details: (event.details ?? {}) as Record<string, unknown>, createdAt: event.createdAt.toISOString() })),
    });
  });

  const adminUsersQuery = validate({ query: adminUsersQuerySchema });
  router.get('/admin/users', requireAdmin, adminUsersQuery, async (req, res) => {
    const { search: text, role, page, pageSize } = adminUsersQuery.input(req).query;
    const where = { ...search(text), ...(role === 'broker' ? { isBroker: true } : {}) };
    const [total, users] = await Promise.all([
      db.user.count({ where }),
      db.user.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * pageSize, take: pageSize, include: { broker: true, referrer: true } }),
    ]);
    const rows: AdminUser[] = users.map((user) => ({
      id: user.id,
      email: user.email,
      name: displayName(user),
      businessName: user.businessName,
      isAdmin: user.isAdmin,
      isBroker: user.isBroker,
      permissions: normalisePermissions(user.permissions),
      broker: user.broker ? { id: user.broker.id, name: displayName(user.broker) } : null,
      referrerCode: user.referrer?.code ?? null,
      createdAt: user.createdAt.toISOString(),
    }));
    res.set('Cache-Control', 'no-store').json({ success: true, total, page, pageSize, users: rows });
  });

  /** Growers for support staff: every account but the referrer partners' own, and only the accounts the caller may see. */
  const membersQuery = validate({ query: membersQuerySchema });
  router.get('/admin/members', requirePermission('customer_support'), membersQuery, async (req, res) => {
    const { search: text, page, pageSize } = membersQuery.input(req).query;
    const { total, members } = await listMembersFor(db, signedInUser(req), { matching: search(text), page, pageSize });
    res.set('Cache-Control', 'no-store').json({ success: true, total, page, pageSize, members });
  });

  const roleChangeRequest = validate({ params: userParamsSchema, body: roleChangeRequestSchema });
  router.put('/admin/users/:id/roles', requireAdmin, roleChangeRequest, async (req, res) => {
    const actor = signedInUser(req);
    const { params, body: change } = roleChangeRequest.input(req);
    const target = await db.user.findUnique({ where: { id: params.id } });
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
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: target.id }, data: change });
      await recordSecurityEvent(tx, req, 'role_changed', { userId: target.id, email: target.email, details: { changedBy: actor.id, before, after: { ...before, ...change } } });
      // A permission taken away ends, now, the support sessions that used it.
      await endSupportSessionsNoLongerAllowed(tx, req, target.id, actor.id);
    });
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

  const createReferrerRequest = validate({ body: createReferrerRequestSchema });
  router.post('/admin/referrers', requireAdmin, createReferrerRequest, async (req, res) => {
    const input = createReferrerRequest.input(req).body;
    if (await db.referrer.findUnique({ where: { code: input.code } })) throw conflict(`The referrer code ${input.code} is taken. Choose another.`, 'referrer_code_taken');
    const existing = await db.user.findUnique({ where: { email: input.email }, include: { referrer: true } });
    if (existing?.referrer) throw conflict(`${input.email} already has a referrer account.`, 'already_referrer');
    // A new partner's account and its referrer record are kept together, with the grant in the security log.
    // The account, the referrer record, the grant in the security log and the welcome (with its first-password link) are kept together.
    const { user, referrer, emailId } = await db.$transaction(async (tx) => {
      const user = existing ?? (await tx.user.create({ data: { email: input.email, firstName: input.firstName, lastName: input.lastName, permissions: [], emailVerifiedAt: null } }));
      const referrer = await tx.referrer.create({ data: { userId: user.id, code: input.code, organisation: input.organisation } });
      await recordSecurityEvent(tx, req, 'role_changed', { userId: user.id, email: user.email, details: { changedBy: signedInUser(req).id, referrerCode: referrer.code, granted: 'referrer' } });
      const url = await issuePasswordResetLink(tx, user.id, site.origin(), FIRST_PASSWORD_LINK_VALID_MS);
      const welcome = referrerWelcomeEmail({
        to: user.email,
        firstName: user.firstName,
        organisation: referrer.organisation,
        code: referrer.code,
        url,
        validFor: `${FIRST_PASSWORD_LINK_VALID_MS / 86_400_000} days`,
      });
      return { user, referrer, emailId: await mailer.send(welcome, { writer: tx, key: `referrer-welcome:${referrer.id}` }) };
    });
    await mailer.dispatch(emailId);
    res.status(201).json({ success: true, referrer: { id: referrer.id, userId: user.id, code: referrer.code, organisation: referrer.organisation } });
  });

  return router;
}
