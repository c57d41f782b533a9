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
import { normalisePermissions } from '@shared/domain/accounts/permissions';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { requireAdmin, requirePermission, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { loadAccountUser } from '../../presenters/account';
import { changeRoles, createReferrerAccount, userSearch } from './users.service';
import { listMembersFor } from './members-list';

export function adminAccountsRouter(context: AppContext): Router {
  const { env, db } = context;
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
    const { params, body: change } = roleChangeRequest.input(req);
    await changeRoles(db, req, signedInUser(req), params.id, change);
    res.json({ success: true, user: await loadAccountUser(db, params.id) });
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
    const { user, referrer } = await createReferrerAccount(context, req, signedInUser(req), createReferrerRequest.input(req).body);
    res.status(201).json({ success: true, referrer: { id: referrer.id, userId: user.id, code: referrer.code, organisation: referrer.organisation } });
  });

  return router;
}
