import { formatCentsForCsv } from '../../format';
import { toCsv } from '../csv';
import { coverStarted } from '../protection/lifecycle';
import type { ProtectionStage } from '../../contracts/protection-status';

/**
 * The season's summary for /dashboard/reports: value protected, contributions and claims, by
 * paddock and by crop, of the protections whose cover has started (or ran and ended): an
 * application not yet protected is counted apart, never as value protected (lifecycle.ts). A protection's contribution (the displayed premium, before GST) is shared
 * among its priced paddocks by value, with the cents that do not divide going to the largest
 * shares, so the rows add up to the invoice. A claim's estimated loss is shared among its
 * affected paddocks by value in the same way.
 */

export interface ReportProtection {
  id: string;
  season: string;
  stage: ProtectionStage;
  coverageDescription: string;
  contributionCents: number;
  paddocks: ReadonlyArray<{ id: string; name: string; crop: string | null; areaHa: number; valueCents: number; priced: boolean }>;
}

export interface ReportClaim {
  applicationId: string;
  estimatedLossCents: number;
  affectedPaddocks: ReadonlyArray<{ paddockId: string; valueCents: number }>;
}

export interface PaddockRow {
  paddock: string;
  crop: string;
  coverage: string;
  areaHa: number;
  valueCents: number;
  contributionCents: number;
  claims: number;
  claimedCents: number;
}

export type CropRow = Omit<PaddockRow, 'paddock' | 'coverage'>;

export interface SeasonReport {
  season: string | null;
  seasons: string[];
  /** Applications of the season whose cover has not started: not in the figures. */
  applicationsNotYetProtected: number;
  byPaddock: PaddockRow[];
  byCrop: CropRow[];
  totals: Omit<CropRow, 'crop'>;
}

/** Splits a whole number of cents in proportion to weights; the parts always add up to the whole. */
export function apportion(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (weights.length === 0) return [];
  if (sum <= 0)
    return apportion(
      totalCents,
      weights.map(() => 1),
    );
  const exact = weights.map((w) => (totalCents * Math.max(0, w)) / sum);
  const parts = exact.map(Math.floor);
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const cropName = (crop: string | null) => (crop && crop.trim() ? crop : 'Unassigned');

export function seasonReport(protections: readonly ReportProtection[], claims: readonly ReportClaim[], season?: string): SeasonReport {
  const seasons = [...new Set(protections.map((p) => p.season))].sort().reverse();
  const chosen = season ?? seasons[0] ?? null;
  const ofSeason = protections.filter((p) => p.season === chosen);
  const inSeason = ofSeason.filter((p) => coverStarted(p.stage));
  const claimed = new Map<string, { claims: number; cents: number }>();
  for (const claim of claims) {
    const shares = apportion(
      claim.estimatedLossCents,
      claim.affectedPaddocks.map((p) => p.valueCents),
    );
    claim.affectedPaddocks.forEach((p, index) => {
      const key = `${claim.applicationId}:${p.paddockId}`;
      const entry = claimed.get(key) ?? { claims: 0, cents: 0 };
      entry.claims += 1;
      entry.cents += shares[index] ?? 0;
      claimed.set(key, entry);
    });
  }
  const byPaddock: PaddockRow[] = [];
  for (const protection of inSeason) {
    const priced = protection.paddocks.filter((p) => p.priced);
    const contributions = apportion(
      protection.contributionCents,
      priced.map((p) => p.valueCents),
    );
    priced.forEach((paddock, index) => {
      const claim = claimed.get(`${protection.id}:${paddock.id}`);
      byPaddock.push({
        paddock: paddock.name,
        crop: cropName(paddock.crop),
        coverage: protection.coverageDescription,
        areaHa: round2(paddock.areaHa),
        valueCents: paddock.valueCents,
        contributionCents: contributions[index] ?? 0,
        claims: claim?.claims ?? 0,
        claimedCents: claim?.cents ?? 0,
      });
    });
  }
  const crops = new Map<string, CropRow>();
  for (const row of byPaddock) {
    const entry = crops.get(row.crop) ?? { crop: row.crop, areaHa: 0, valueCents: 0, contributionCents: 0, claims: 0, claimedCents: 0 };
    entry.areaHa = round2(entry.areaHa + row.areaHa);
    entry.valueCents += row.valueCents;
    entry.contributionCents += row.contributionCents;
    entry.claims += row.claims;
    entry.claimedCents += row.claimedCents;
    crops.set(row.crop, entry);
  }
  const byCrop = [...crops.values()].sort((a, b) => b.valueCents - a.valueCents || a.crop.localeCompare(b.crop));
  const totals = byCrop.reduce(
    (sum, row) => ({
      areaHa: round2(sum.areaHa + row.areaHa),
      valueCents: sum.valueCents + row.valueCents,
      contributionCents: sum.contributionCents + row.contributionCents,
      claims: sum.claims + row.claims,
      claimedCents: sum.claimedCents + row.claimedCents,
    }),
    { areaHa: 0, valueCents: 0, contributionCents: 0, claims: 0, claimedCents: 0 },
  );
  return { season: chosen, seasons, applicationsNotYetProtected: ofSeason.length - inSeason.length, byPaddock, byCrop, totals };
}

/** The report as CSV: one row per paddock, then a total row. */
export function seasonReportCsv(report: SeasonReport): string {
  const header = ['Season', 'Paddock', 'Crop', 'Cover', 'Area (ha)', 'Value protected ($)', 'Contribution ex GST ($)', 'Claims', 'Estimated loss claimed ($)'];
  const rows = report.byPaddock.map((row) => [
    report.season ?? '',
    row.paddock,
    row.crop,
    row.coverage,
    row.areaHa,
    formatCentsForCsv(row.valueCents),
    formatCentsForCsv(row.contributionCents),
    row.claims,
    formatCentsForCsv(row.claimedCents),
  ]);
  const { totals } = report;
  rows.push([report.season ?? '', 'Total', '', '', totals.areaHa, formatCentsForCsv(totals.valueCents), formatCentsForCsv(totals.contributionCents), totals.claims, formatCentsForCsv(totals.claimedCents)]);
  return toCsv(header, rows);
}
