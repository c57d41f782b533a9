/**
 * A member's renewal (docs/seasons.md 'Renewing'): started on the server from their latest protection,
 * so the member's dashboard, the reminder's link and a broker's list of clients due all open the same
 * draft; the protection it renews is kept in the quote and checked again at submission.
 */
import { randomBytes } from 'node:crypto';
import { pricingCalculateResponseSchema } from '@shared/contracts/pricing';
import { parseStoredQuote } from '@shared/contracts/quote';
import type { ProtectionView } from '@shared/contracts/dashboard';
import type { RenewalBasis } from '@shared/contracts/renewals';
import { coverStarted } from '@shared/domain/protection/lifecycle';
import { nextSeasonDraft } from '@shared/domain/protection/next-season';
import { renewalFrom } from '@shared/domain/protection/renewal';
import { cropRatesOf } from '@shared/domain/protection/renewal-changes';
import { perthToday } from '@shared/perth-time';
import type { Database } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import { applicationStanding, listProtections } from '../protection/protections.service';
import { draftsService } from '../quotes/drafts.service';
import { seasonFor } from './seasons.service';

export const RENEWED_PROTECTION_UNKNOWN_MESSAGE = 'This quote renews a protection that is not one of the member’s earlier protections. Start the renewal again from the dashboard.';

/** The open season's renewal draft of a member: the one already started from their latest protection, or a new one with its paddocks. */
export async function startRenewal(db: Database, memberId: string, today = perthToday()): Promise<{ draftId: string; memberId: string; resumed: boolean }> {
  const [season, protections] = await Promise.all([seasonFor(db, today), listProtections(db, memberId)]);
  const from = renewalFrom(protections, season.year);
  if (!from) {
    const applied = protections.find((protection) => Number(protection.season) === season.year);
    if (applied) throw conflict(`An application for the ${season.year} season has already been sent (${applied.reference}).`, 'renewal_applied');
    throw conflict(`There is no earlier protection to renew for the ${season.year} season. Start a new quote instead.`, 'nothing_to_renew');
  }
  const open = await db.draft.findMany({ where: { userId: memberId, status: { not: 'COMPLETED' } }, orderBy: { updatedAt: 'desc' }, select: { id: true, quoteData: true } });
  const started = open.find((draft) => parseStoredQuote(draft.quoteData).data?.renewsApplicationId === from.id);
  if (started) return { draftId: started.id, memberId, resumed: true };

  const body = nextSeasonDraft(
    `draft_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`,
    memberId,
    from.paddocks.filter((paddock) => paddock.priced),
    { zone: from.zoneCode, address: from.farm.address, location: from.farm.location },
    from.id,
  );
  const draft = await draftsService(db).create(body.id, { userId: memberId, step: body.step, quoteData: body.data });
  return { draftId: draft.id, memberId, resumed: false };
}

/** What the wizard sets beside a renewal's quote: the renewed protection's zone, cover, paddocks, rates and figures. */
export function renewalBasis(protection: ProtectionView, pricing: unknown): RenewalBasis {
  // The engine's answer as stored with the application; one stored before its shape changed gives no rates.
  const priced = pricingCalculateResponseSchema.pick({ breakdown: true }).safeParse(pricing);
  return {
    id: protection.id,
    reference: protection.reference,
    season: protection.season,
    zoneCode: protection.zoneCode,
    coverageType: protection.coverageType,
    paddocks: protection.paddocks.map((paddock) => ({ id: paddock.id, name: paddock.name, crop: paddock.priced && !paddock.isExcluded ? paddock.crop : null, areaHa: paddock.areaHa })),
    rates: priced.success ? cropRatesOf(priced.data) : [],
    totalPayableCents: protection.totalPayableCents,
    valueProtectedCents: protection.insuredValueCents,
    coveredAreaHa: protection.coveredAreaHa,
  };
}

/**
 * The protection a submitted quote says it renews, checked: the member's own, of an earlier season,
 * with cover that started. Anything else is refused with a sentence, not stored.
 */
export async function renewedProtectionOf(db: Database, memberId: string, renewsApplicationId: string | undefined, seasonYear: number): Promise<string | null> {
  if (renewsApplicationId === undefined) return null;
  // Submission's path: the one application's status and payments, not every protection of the member.
  const renewed = await applicationStanding(db, renewsApplicationId);
  if (!renewed || renewed.userId !== memberId || Number(renewed.season) >= seasonYear || !coverStarted(renewed.stage)) throw badRequest(RENEWED_PROTECTION_UNKNOWN_MESSAGE, 'renewal_unknown');
  return renewed.id;
}
