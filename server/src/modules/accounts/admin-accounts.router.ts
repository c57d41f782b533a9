/** Administrators: the security log, users and their roles, members, and referrer accounts (shared/endpoints/accounts.ts). */
import { staffAccountEndpoints as endpoints } from '@shared/endpoints/accounts';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { loadAccountUser } from '../../presenters/account';
import { presentAdminUser, presentReferrer, presentSecurityEvent } from '../../presenters/staff-accounts';
import { listMembersFor } from './members-list';
import { changeRoles, createReferrerAccount, userSearch } from './users.service';

export function adminAccountsRouter(context: AppContext) {
  const { env, db } = context;
  const { router, serve } = endpointRouter(context);
  const search = userSearch(providerOf(env.DATABASE_URL));

  serve(endpoints.securityLog)({
    handle: async (_req, res, { query: { type, email, userId, from, to, page, pageSize } }) => {
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
      res.set('Cache-Control', 'no-store');
      return { success: true, total, page, pageSize, events: events.map(presentSecurityEvent) };
    },
  });

  serve(endpoints.users)({
    handle: async (_req, res, { query: { search: text, role, page, pageSize } }) => {
      const where = { ...search(text), ...(role === 'broker' ? { isBroker: true } : {}) };
      const [total, users] = await Promise.all([
        db.user.count({ where }),
        db.user.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * pageSize, take: pageSize, include: { broker: true, referrer: true } }),
      ]);
      res.set('Cache-Control', 'no-store');
      return { success: true, total, page, pageSize, users: users.map(presentAdminUser) };
    },
  });

  /** Growers for support staff: every account but the referrer partners' own, and only the accounts the caller may see. */
  serve(endpoints.members)({
    handle: async (req, res, { query: { search: text, page, pageSize } }) => {
      const { total, members } = await listMembersFor(db, signedInUser(req), { matching: search(text), page, pageSize });
      res.set('Cache-Control', 'no-store');
      return { success: true, total, page, pageSize, members };
    },
  });

  serve(endpoints.changeRoles)({
    handle: async (req, _res, { params, body: change }) => {
      await changeRoles(db, req, signedInUser(req), params.id, change);
      return { success: true, user: await loadAccountUser(db, params.id) };
    },
  });

  serve(endpoints.referrers)({
    handle: async () => {
      const referrers = await db.referrer.findMany({ orderBy: { createdAt: 'desc' }, include: { user: true } });
      const counts = await db.user.groupBy({ by: ['referredByCode'], where: { referredByCode: { in: referrers.map((referrer) => referrer.code) } }, _count: { _all: true } });
      const leadCount = new Map(counts.map((count) => [count.referredByCode, count._count._all]));
      return { success: true, referrers: referrers.map((referrer) => presentReferrer(referrer, leadCount.get(referrer.code) ?? 0)) };
    },
  });

  serve(endpoints.createReferrer)({
    handle: async (req, _res, { body }) => {
      const { user, referrer } = await createReferrerAccount(context, req, signedInUser(req), body);
      return { success: true, referrer: { id: referrer.id, userId: user.id, code: referrer.code, organisation: referrer.organisation } };
    },
  });

  return router;
}
