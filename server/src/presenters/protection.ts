/**
 * A protection (a submitted application, prisma/schema/protection.prisma), the one presenter of the
 * model, with its three views:
 * - presentSummary and presentApplication: the answers of /api/protection that docs/behaviour.md §7 and §9 fix
 *   word for word, in dollars with SPEC's names (premium, totalPayable, insuredValue), as stored;
 * - presentProtection: the member's dashboard (ProtectionView), where every amount is integer cents
 *   named …Cents and areas are hectares named …Ha.
 * No view mixes the two units.
 */
import type { z } from 'zod';
import type { ProtectionView } from '@shared/contracts/dashboard';
import type { FarmData } from '@shared/contracts/quote';
import type { Estimate, PricingCalculateResponse } from '@shared/contracts/pricing';
import type { adminApplicationsResponseSchema, ProtectionApplication, ProtectionApplicationSummary } from '@shared/contracts/protection';
import { COVERAGE_TYPE_DESCRIPTIONS, COVERAGE_TYPES, type CoverageType } from '@shared/constants';
import { type ProtectionBilling, protectionStage } from '@shared/domain/protection/lifecycle';
import { effectiveArea } from '@shared/domain/geo/paddock-area';
import { isPaddockGeometry, outlineBox } from '@shared/paddock-geometry';
import { protectionStatusOf } from '@shared/domain/protection/protection';
import { toCents } from '@shared/domain/pricing/money';
import type { Prisma } from '../generated/prisma/client';

/**
 * What an application is read with to present it on the dashboard: not the quote, pricing and
 * acknowledgements as submitted, which the view does not show and a real quote makes large (it
 * repeats every paddock's outline).
 */
export const protectionRead = {
  omit: { quoteData: true, pricing: true, estimate: true, acknowledgements: true, surveyData: true },
  include: { paddocks: { orderBy: { sortOrder: 'asc' } }, crops: { orderBy: { sortOrder: 'asc' } }, season: { select: { coverEndsOn: true } } },
} as const;
type ApplicationRow = Prisma.ProtectionApplicationGetPayload<typeof protectionRead>;

export function coverageOf(value: string): CoverageType {
  return (COVERAGE_TYPES as readonly string[]).includes(value) ? (value as CoverageType) : 'both';
}

/** The APP-… number: every application has one since the migration that numbered them; a row written around the service (a test's fixture) shows its id. */
export const applicationReference = (row: { id: string; reference: string | null }) => row.reference ?? row.id;

/** The farm's columns of an application, from its quote as submitted. */
export function farmColumns({ address, farmLocation }: Pick<FarmData, 'address' | 'farmLocation'>) {
  return { farmAddress: address, farmLatitude: farmLocation?.lat ?? null, farmLongitude: farmLocation?.lng ?? null, farmLocationLabel: farmLocation?.label ?? null };
}

/** A paddock's box columns from its outline, none without one: what a warning's read of the live paddocks filters on. */
export function paddockBoxColumns(geometry: unknown) {
  if (!isPaddockGeometry(geometry)) return { boxWest: null, boxSouth: null, boxEast: null, boxNorth: null };
  const [boxWest, boxSouth, boxEast, boxNorth] = outlineBox(geometry);
  return { boxWest, boxSouth, boxEast, boxNorth };
}

/** The farm's address and location, as its columns keep them. */
function farmOf(row: Pick<ApplicationRow, 'farmAddress' | 'farmLatitude' | 'farmLongitude' | 'farmLocationLabel'>): ProtectionView['farm'] {
  const location =
    row.farmLatitude === null || row.farmLongitude === null ? null : { lat: row.farmLatitude, lng: row.farmLongitude, ...(row.farmLocationLabel === null ? {} : { label: row.farmLocationLabel }) };
  return { address: row.farmAddress, location };
}

export function presentProtection(row: ApplicationRow, billing: ProtectionBilling): ProtectionView {
  const valueBySection = new Map<string, number>();
  for (const crop of row.crops) valueBySection.set(crop.sectionId, (valueBySection.get(crop.sectionId) ?? 0) + toCents(crop.insuredValue));
  // Yield, price and hurdle may have been entered per crop or per group: the priced allocation holds what applied.
  const allocationOf = new Map(row.crops.map((crop) => [crop.sectionId, crop]));
  const coverageType = coverageOf(row.coverageType);
  return {
    id: row.id,
    reference: applicationReference(row),
    userId: row.userId,
    status: protectionStatusOf(row.status),
    stage: protectionStage(protectionStatusOf(row.status), billing),
    coverageType,
    coverageDescription: COVERAGE_TYPE_DESCRIPTIONS[coverageType],
    season: String(row.seasonYear),
    zoneCode: row.zoneCode,
    farm: farmOf(row),
    renewsApplicationId: row.renewsApplicationId,
    submittedAt: row.submittedAt.toISOString(),
    endsOn: row.season.coverEndsOn,
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
      areaHa: allocationOf.get(p.sectionId)?.hectares ?? effectiveArea(p),
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

type SpecApplicationRow = Prisma.ProtectionApplicationGetPayload<{ include: { paddocks: true; crops: true } }>;
type SummaryRow = Omit<SpecApplicationRow, 'paddocks' | 'crops'>;

export function presentSummary(row: SummaryRow): ProtectionApplicationSummary {
  return {
    id: row.id,
    reference: applicationReference(row),
    userId: row.userId,
    status: protectionStatusOf(row.status),
    coverageType: row.coverageType as ProtectionApplicationSummary['coverageType'],
    zoneCode: row.zoneCode,
    quoteDate: row.quoteDate,
    seasonYear: row.seasonYear,
    premium: row.premium,
    displayedPremium: row.displayedPremium,
    totalPayable: row.totalPayable,
    insuredValue: row.insuredValue,
    coveredArea: row.coveredArea,
    submittedAt: row.submittedAt.toISOString(),
  };
}

/** An application in staff's list: the summary, where it stands in the member's words, and whose it is. */
export function presentStaffApplication(
  row: SummaryRow,
  member: { email: string; firstName: string; lastName: string } | undefined,
  billing: ProtectionBilling,
): z.infer<typeof adminApplicationsResponseSchema>['applications'][number] {
  const summary = presentSummary(row);
  return {
    ...summary,
    // The member's words for where it stands (shared/domain/protection/lifecycle.ts), beside the workflow status staff move it by.
    stage: protectionStage(summary.status, billing),
    memberName: member ? `${member.firstName} ${member.lastName}`.trim() : '(account deleted)',
    memberEmail: member?.email ?? '',
  };
}

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

export function presentApplication(row: SpecApplicationRow): ProtectionApplication {
  return {
    ...presentSummary(row),
    referrerCode: row.referrerCode,
    modelVersion: row.modelVersion,
    estimate: row.estimate as Estimate,
    pricing: row.pricing as PricingCalculateResponse,
    quoteData: asRecord(row.quoteData),
    acknowledgements: asRecord(row.acknowledgements),
    surveyData: row.surveyData === null ? null : asRecord(row.surveyData),
    paddocks: [...row.paddocks]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      // Every stored column but the row's own keys; geometry is null rather than absent.
      .map(({ id: _id, applicationId: _applicationId, sortOrder: _sortOrder, geometry, ...paddock }) => ({ ...paddock, geometry: geometry ?? null })),
    crops: [...row.crops]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map(({ sectionId, cropType, hectares, expectedYield, pricePerTonne, hurdlePercentage, insuredValue, grossPremium }) => ({
        sectionId,
        cropType,
        hectares,
        expectedYield,
        pricePerTonne,
        hurdlePercentage,
        insuredValue,
        grossPremium,
      })),
  };
}
