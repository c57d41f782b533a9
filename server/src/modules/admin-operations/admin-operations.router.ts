/**
 * The administrators' season overview (/admin/dashboard) and the list of every member's claims
 * (/admin/claims). A claim's detail, status and messages use the dashboard's routes
 * (GET /api/claims/:id, PUT /api/claims/:id/status, POST /api/claims/:id/messages).
 */
import { Router } from 'express';
import { type AdminOverviewResponse, adminOverviewQuerySchema } from '@shared/contracts/admin-operations';
import { adminClaimsQuerySchema } from '@shared/contracts/claims';
import { PROTECTION_STATUSES } from '@shared/contracts/dashboard';
import { CLAIM_STATUSES } from '@shared/contracts/claims';
import { perthToday } from '@shared/perth-time';
import { coverStarted, protectionStage } from '@shared/domain/dashboard/lifecycle';
import { isInvoiceable, protectionStatusOf } from '@shared/domain/dashboard/protection';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { requireAdmin } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { toCents } from '@shared/domain/pricing/money';
import { userSearch } from '../accounts/users.service';
import { claimInclude, claimStatusOf, presentClaim } from '../../presenters/claim';
import { corroborateClaims } from '../alerts/alerts.service';
import { billingOf } from '../protection/protections.service';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function adminOperationsRouter({ env, db }: AppContext): Router {
  const router = Router();
  const search = userSearch(providerOf(env.DATABASE_URL));

  const adminOverviewQuery = validate({ query: adminOverviewQuerySchema });
  router.get('/admin/overview', requireAdmin, adminOverviewQuery, async (req, res) => {
    const season = adminOverviewQuery.input(req).query.season ?? Number(perthToday().slice(0, 4));
    const [applications, acceptedRows, claims, unreadSubmissions, newMembersThisWeek] = await Promise.all([
      db.protectionApplication.groupBy({ by: ['status'], where: { seasonYear: season }, _count: { _all: true }, _sum: { premium: true, displayedPremium: true, totalPayable: true, insuredValue: true } }),
      db.protectionApplication.findMany({ where: { seasonYear: season, status: { in: PROTECTION_STATUSES.filter(isInvoiceable) } }, select: { id: true, status: true, insuredValue: true } }),
      db.claim.groupBy({ by: ['status'], _count: { _all: true } }),
      db.formSubmission.count({ where: { isRead: false, isSpam: false } }),
      db.user.count({ where: { referrer: { is: null }, createdAt: { gte: new Date(Date.now() - WEEK_MS) } } }),
    ]);
    const body: AdminOverviewResponse = {
      success: true,
      season,
      applications: Object.fromEntries(PROTECTION_STATUSES.map((status) => [status, 0])) as AdminOverviewResponse['applications'],
      claims: Object.fromEntries(CLAIM_STATUSES.map((status) => [status, 0])) as AdminOverviewResponse['claims'],
      unreadSubmissions,
      newMembersThisWeek,
      premiumWritten: { premiumCents: 0, displayedPremiumCents: 0, totalPayableCents: 0, insuredValueCents: 0, valueProtectedCents: 0 },
    };
    for (const group of applications) {
      const status = protectionStatusOf(group.status);
      body.applications[status] += group._count._all;
      // Written once the board accepted it; before that it is an application, not premium.
      if (!isInvoiceable(status)) continue;
      for (const key of ['premium', 'displayedPremium', 'totalPayable', 'insuredValue'] as const) body.premiumWritten[`${key}Cents`] += toCents(group._sum[key] ?? 0);
    }
    const billing = await billingOf(
      db,
      acceptedRows.map((row) => row.id),
    );
    for (const row of acceptedRows) {
      if (coverStarted(protectionStage(protectionStatusOf(row.status), billing(row.id)))) body.premiumWritten.valueProtectedCents += toCents(row.insuredValue);
    }
    for (const group of claims) body.claims[claimStatusOf(group.status)] += group._count._all;
    res.set('Cache-Control', 'no-store').json(body);
  });

  const adminClaimsQuery = validate({ query: adminClaimsQuerySchema });
  router.get('/admin/claims', requireAdmin, adminClaimsQuery, async (req, res) => {
    const { status, peril, member, page, pageSize } = adminClaimsQuery.input(req).query;
    const memberIds = member ? (await db.user.findMany({ where: search(member), select: { id: true }, take: 1000 })).map((user) => user.id) : undefined;
    const where = { ...(status ? { status } : {}), ...(peril ? { peril } : {}), ...(memberIds ? { userId: { in: memberIds } } : {}) };
    const [total, rows] = await Promise.all([
      db.claim.count({ where }),
      db.claim.findMany({ where, include: claimInclude, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * pageSize, take: pageSize }),
    ]);
    const members = await db.user.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.userId))] } }, select: { id: true, email: true, firstName: true, lastName: true } });
    const byId = new Map(members.map((user) => [user.id, user]));
    const claims = rows.map(presentClaim);
    const corroborations = await corroborateClaims(db, claims);
    res.json({
      success: true,
      claims: claims.map((claim, index) => {
        const owner = byId.get(claim.userId);
        return {
          ...claim,
          memberName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : '(account deleted)',
          memberEmail: owner?.email ?? '',
          corroboration: corroborations[index],
        };
      }),
      total,
      page,
      pageSize,
    });
  });

  return router;
}
