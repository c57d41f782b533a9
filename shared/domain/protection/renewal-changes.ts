/**
 * What changed since last season (docs/seasons.md 'What changed since'): a renewal's quote is read
 * beside the protection it renews, and the grower is told plainly what is different — their zone,
 * the cover they are pricing, the mutual's rate for a crop, a paddock no longer cropped or sown to
 * something else, a paddock new this season — and what each season's figures come to.
 */
import { COVERAGE_TYPE_DESCRIPTIONS, type CoverageType } from '../../constants';
import type { PricingCalculateResponse } from '../../contracts/pricing';
import type { PaddockSection } from '../../contracts/quote';
import { effectiveArea } from '../geo/paddock-area';
import { formatHectares, formatPercent } from '../../format';
import { cropName } from '../pricing/crop-name';

/** The mutual's rate for a crop: the zone's rate for the cover times the crop's factor, in percent of the value protected. */
export interface CropRate {
  cropType: string;
  ratePercent: number;
}

/** One season's terms as a renewal compares them. */
export interface SeasonTerms {
  zoneCode: string;
  coverageType: CoverageType;
  /** Every paddock of the quote; `crop` null (or excluded) when nothing protected is sown there. */
  paddocks: ReadonlyArray<{ id: string; name: string; crop: string | null; areaHa: number }>;
  rates: readonly CropRate[];
}

/** Each crop's rate in a priced quote (the first allocation of the crop speaks for it; every allocation of a crop in one zone has the same). */
export function cropRatesOf(pricing: Pick<PricingCalculateResponse, 'breakdown'>): CropRate[] {
  const rates = new Map<string, number>();
  for (const line of pricing.breakdown) {
    if (!rates.has(line.cropType)) rates.set(line.cropType, roundRate(line.zoneRatePercent * line.cropFactor));
  }
  return [...rates].map(([cropType, ratePercent]) => ({ cropType, ratePercent }));
}

/** A quote's terms as the renewal compares them: its paddocks as mapped (an excluded one is not cropped) and the cover and rates priced. */
export function quoteTerms(
  sections: ReadonlyArray<Pick<PaddockSection, 'id' | 'name' | 'crop' | 'isExcluded' | 'area' | 'userDefinedArea'>>,
  priced: { zoneCode: string; coverageType: CoverageType; rates: readonly CropRate[] },
): SeasonTerms {
  return { ...priced, paddocks: sections.map((section) => ({ id: section.id, name: section.name, crop: section.isExcluded ? null : (section.crop ?? null), areaHa: effectiveArea(section) })) };
}

const roundRate = (percent: number) => Math.round(percent * 10_000) / 10_000;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-AU') === b.trim().toLocaleLowerCase('en-AU');
const sameCrop = (a: string, b: string) => sameName(a, b);

/** The sentences, in the order a grower checks them: the farm, the cover, the rates, then paddock by paddock. An empty list: nothing changed. */
export function renewalChanges(last: SeasonTerms, now: SeasonTerms): string[] {
  const changes: string[] = [];
  if (now.zoneCode !== last.zoneCode) changes.push(`Your farm is in zone ${now.zoneCode} this season; last season it was in zone ${last.zoneCode}, so its rates differ.`);
  if (now.coverageType !== last.coverageType) {
    changes.push(`You are pricing ${COVERAGE_TYPE_DESCRIPTIONS[now.coverageType].toLowerCase()} this season; last season you were protected for ${COVERAGE_TYPE_DESCRIPTIONS[last.coverageType].toLowerCase()}.`);
  } else {
    for (const rate of now.rates) {
      const before = last.rates.find((item) => sameCrop(item.cropType, rate.cropType));
      if (!before || before.ratePercent === rate.ratePercent) continue;
      const way = rate.ratePercent > before.ratePercent ? 'up' : 'down';
      changes.push(`The mutual’s rate for ${cropName(rate.cropType)} is ${formatPercent(rate.ratePercent)} of the value protected this season, ${way} from ${formatPercent(before.ratePercent)} last season.`);
    }
  }
  const cropped = (paddocks: SeasonTerms['paddocks']) => paddocks.filter((paddock) => paddock.crop !== null);
  for (const before of cropped(last.paddocks)) {
    const after = now.paddocks.find((paddock) => paddock.id === before.id) ?? now.paddocks.find((paddock) => sameName(paddock.name, before.name));
    const was = `last season ${formatHectares(before.areaHa)} of ${cropName(before.crop!)}`;
    if (!after) changes.push(`${before.name} is not in this quote (${was}), so it would not be protected.`);
    else if (after.crop === null) changes.push(`${after.name} is not cropped this season (${was}), so it would not be protected.`);
    else if (!sameCrop(after.crop, before.crop!)) changes.push(`${after.name} is sown to ${cropName(after.crop)} this season (${was}).`);
  }
  for (const after of cropped(now.paddocks)) {
    const known = last.paddocks.some((paddock) => paddock.id === after.id || sameName(paddock.name, after.name));
    const croppedBefore = cropped(last.paddocks).some((paddock) => paddock.id === after.id || sameName(paddock.name, after.name));
    if (!known) changes.push(`${after.name} is new this season (${formatHectares(after.areaHa)} of ${cropName(after.crop!)}).`);
    else if (!croppedBefore) changes.push(`${after.name} is cropped this season (${formatHectares(after.areaHa)} of ${cropName(after.crop!)}); last season it was not protected.`);
  }
  return changes;
}

/** When nothing changed, said as plainly as a change would be. */
export const NOTHING_CHANGED_SINCE_LAST_SEASON = 'Nothing has changed since last season: the same zone, cover, rates and crops.';
