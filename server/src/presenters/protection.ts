/**
 * A protection (a submitted application, prisma/schema/protection.prisma) as the member's dashboard
 * shows it (ProtectionView of shared/contracts/dashboard.ts). The row keeps SPEC §9's dollar
 * figures; the view gives every amount in integer cents, named …Cents, and areas in hectares, …Ha.
 * The quote wizard's own answer for POST /api/protection keeps SPEC's names and dollars
 * (modules/protection/protection.service.ts presentApplication).
 */
import type { ProtectionView } from '@shared/contracts/dashboard';
import { COVERAGE_TYPE_DESCRIPTIONS, COVERAGE_TYPES, type CoverageType } from '@shared/constants';
import { protectionEndsOn, protectionStatusOf } from '@shared/domain/dashboard/protection';
import { toCents } from '@shared/domain/pricing/money';
import type { Database } from '../db/client';

/** What an application is read with to present it. */
export const protectionInclude = { paddocks: { orderBy: { sortOrder: 'asc' } }, crops: { orderBy: { sortOrder: 'asc' } } } as const;
type ApplicationRow = NonNullable<Awaited<ReturnType<Database['protectionApplication']['findFirst']>>> & {
  paddocks: Awaited<ReturnType<Database['protectionPaddock']['findMany']>>;
  crops: Awaited<ReturnType<Database['protectionCrop']['findMany']>>;
};

export function coverageOf(value: string): CoverageType {
  return (COVERAGE_TYPES as readonly string[]).includes(value) ? (value as CoverageType) : 'both';
}

export function presentProtection(row: ApplicationRow): ProtectionView {
  const valueBySection = new Map<string, number>();
  for (const crop of row.crops) valueBySection.set(crop.sectionId, (valueBySection.get(crop.sectionId) ?? 0) + toCents(crop.insuredValue));
  // Yield, price and hurdle may have been entered per crop or per group: the priced allocation holds what applied.
  const allocationOf = new Map(row.crops.map((crop) => [crop.sectionId, crop]));
  const coverageType = coverageOf(row.coverageType);
  return {
    id: row.id,
    userId: row.userId,
    status: protectionStatusOf(row.status),
    coverageType,
    coverageDescription: COVERAGE_TYPE_DESCRIPTIONS[coverageType],
    season: String(row.seasonYear),
    zoneCode: row.zoneCode,
    submittedAt: row.submittedAt.toISOString(),
    endsOn: protectionEndsOn(row.seasonYear),
    premiumCents: toCents(row.premium),
    displayedPremiumCents: toCents(row.displayedPremium),
    totalPayableCents: toCents(row.totalPayable),
    insuredValueCents: toCents(row.insuredValue),
    coveredAreaHa: row.coveredArea,
    paddocks: row.paddocks.map((p) => ({
      id: p.id,
      name: p.name,
      crop: p.crop,
      variety: p.variety,
      areaHa: allocationOf.get(p.sectionId)?.hectares ?? p.userDefinedArea ?? p.area,
      expectedYield: allocationOf.get(p.sectionId)?.expectedYield ?? p.expectedYield,
      pricePerTonne: allocationOf.get(p.sectionId)?.pricePerTonne ?? p.pricePerTonne,
      hurdlePercentage: allocationOf.get(p.sectionId)?.hurdlePercentage ?? p.hurdlePercentage,
      valueCents: valueBySection.get(p.sectionId) ?? 0,
      priced: p.priced,
      isExcluded: p.isExcluded,
      geometry: p.geometry ?? null,
    })),
    crops: row.crops.map((c) => ({ cropType: c.cropType, hectares: c.hectares, hurdlePercentage: c.hurdlePercentage, valueCents: toCents(c.insuredValue) })),
  };
}
