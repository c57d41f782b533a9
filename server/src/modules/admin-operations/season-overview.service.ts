/**
 * The administrators' season overview (/admin/dashboard): applications and claims by status, premium
 * written and value protected, unread submissions and new members.
 */
import type { AdminOverviewResponse } from '@shared/contracts/admin-operations';
import { PROTECTION_STATUSES } from '@shared/contracts/protection-status';
import { CLAIM_STATUSES } from '@shared/contracts/claims';
import { coverStarted, protectionStage } from '@shared/domain/protection/lifecycle';
import { isInvoiceable, protectionStatusOf } from '@shared/domain/protection/protection';
import { toCents } from '@shared/domain/pricing/money';
import type { Database } from '../../db/client';
import { claimStatusOf } from '../../presenters/claim';
import { billingOf } from '../protection/protections.service';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function seasonOverview(db: Database, season: number): Promise<AdminOverviewResponse> {
  const [applications, acceptedRows, claims, unreadSubmissions, newMembersThisWeek] = await Promise.all([
    db.protectionApplication.groupBy({ by: ['status'], where: { seasonYear: season }, _count: { _all: true }, _sum: { premium: true, displayedPremium: true, totalPayable: true, insuredValue: true } }),
    db.protectionApplication.findMany({ where: { seasonYear: season, status: { in: PROTECTION_STATUSES.filter(isInvoiceable) } }, select: { id: true, status: true, insuredValue: true } }),
    db.claim.groupBy({ by: ['status'], _count: { _all: true } }),
    db.formSubmission.count({ where: { isRead: false, isSpam: false } }),
    // Growers and brokers who joined: not the referrer partners' accounts, nor the accounts staff were given (an administrator's flag or any permission).
    db.user.count({ where: { referrer: { is: null }, isAdmin: false, permissions: { equals: [] }, createdAt: { gte: new Date(Date.now() - WEEK_MS) } } }),
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
  return body;
}
