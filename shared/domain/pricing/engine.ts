import type { CoverageType } from '../../constants';
import { COVERAGE_TYPES } from '../../constants';
import type {
  AllocationBreakdown,
  AppliedDiscount,
  CropAllocation,
  CoveragePreferenceKey,
  CropRateFactor,
  DiscountKind,
  PricingCalculateResponse,
  PricingHurdleOption,
  PricingIssue,
  PricingModel,
  ZonePricing,
} from '../../contracts/pricing';
import { COVERAGE_TYPE_REQUIRED_MESSAGE, MAX_EXPECTED_YIELD_T_PER_HA, MAX_PRICE_PER_TONNE, NO_VALID_CROP_SECTIONS_MESSAGE, RISK_ZONE_REQUIRED_MESSAGE } from '../../contracts/pricing';
import { formatHectares, formatMoney, formatMoneyInSentence, formatRate } from '../../format';
import { type DiscountCandidate, type DiscountFacts, matchDiscountRule, parseIsoDate } from './discount-rules';
import { selectDiscounts } from './discount-stacking';
import { fromCents, toCents } from './money';
import type { PricedAllocationInput, PricingContext, PricingEngineRequest } from './types';
import { PricingError } from './types';

/**
 * The premium engine (docs/pricing.md). Pure: the same request, model and context always give the
 * same result. Steps:
 *  1. insured value per allocation = hectares × expected yield × price per tonne, with canola above
 *     the model's value-per-hectare cap neither covered nor charged;
 *  2. gross premium per allocation = insured value × zone rate × crop factor × hurdle multiplier
 *     ('both' = the zone's package share of hail + fire, so it is always cheaper than the two apart);
 *  3. coverage-preference discount factors on the matching peril's part;
 *  4. dynamic discounts (volume, early season, multi-year, referrer, conditional rules) matched,
 *     stacked and capped (docs/discounts.md), applied once;
 *  5. the minimum premium; rounding to cents only at the end.
 * Precondition failures throw PricingError with the docs/behaviour.md §8 texts.
 */
export function calculatePremium(request: PricingEngineRequest, model: PricingModel, context: PricingContext): PricingCalculateResponse {
  const coverageType = requireCoverageType(request.coverageType);
  const allocations = requireAllocations(request.cropAllocations);
  const zone = requireZone(request.zone, model);
  requireContext(context);

  const priced = allocations.map((allocation, index) => priceAllocation(allocation, index, coverageType, allocation.zone === undefined ? zone : requireZone(allocation.zone, model), model));
  const insuredValue = sum(priced.map((item) => item.coveredValue));
  const grossPremium = sum(priced.map((item) => item.grossPremium));

  // Step 3: coverage-preference discount factors, on the peril part they are about (in each allocation's zone).
  const preferences = request.coveragePreferences ?? {};
  const drafts: DiscountDraft[] = [];
  for (const factor of model.discountFactors) {
    if (!factor.isActive || preferences[factor.kind] !== true || factor.value === 0) continue;
    if (coverageType !== 'both' && coverageType !== factor.peril) continue;
    const perilPart = sum(priced.map((item) => (factor.peril === 'hail' ? item.hailPart : item.firePart) * (coverageType === 'both' ? item.packageShare : 1)));
    drafts.push({
      id: factor.id,
      name: factor.name,
      kind: 'coveragePreference',
      rate: factor.value,
      amount: perilPart * factor.value,
      description: `${formatRate(factor.value)} off the ${factor.peril} part of the premium for ${PREFERENCE_LABELS[factor.kind]}`,
    });
  }
  const afterFactors = grossPremium - sum(drafts.map((draft) => draft.amount));

  // Step 4: dynamic discounts matched (discount-rules.ts), stacked and capped (discount-stacking.ts), applied once to what is left.
  const facts: DiscountFacts = {
    insuredValue,
    premiumBeforeDiscounts: afterFactors,
    totalHectares: sum(priced.map((item) => item.hectares)),
    crops: new Set(priced.map((item) => item.cropType)),
    zoneCode: zone.code,
    coverageType,
    referrerCode: request.referrerCode?.trim() ?? '',
    context,
  };
  const candidates = model.dynamicDiscounts.map((rule) => matchDiscountRule(rule, facts)).filter((item): item is DiscountCandidate => item !== null);
  const selection = selectDiscounts(candidates, model.maxTotalDiscountRate);
  for (const item of selection.applied) {
    const capped = item.scaled ? ` (scaled down: discounts together are capped at ${formatRate(model.maxTotalDiscountRate)})` : '';
    drafts.push({ id: item.id, name: item.name, kind: item.kind, rate: item.rate, amount: afterFactors * item.appliedRate, description: item.description + capped });
  }
  let net = afterFactors * (1 - selection.totalRate);

  // Step 5: the minimum premium takes back discounts first, then tops the premium up.
  let topUp = 0;
  if (net < model.minimumPremium) {
    const discountTotal = grossPremium - net;
    const keep = grossPremium > model.minimumPremium && discountTotal > 0 ? (grossPremium - model.minimumPremium) / discountTotal : 0;
    for (const draft of drafts) draft.amount *= keep;
    topUp = Math.max(0, model.minimumPremium - grossPremium);
    net = model.minimumPremium;
  }

  // Rounding, once: cents that add up exactly (premium = gross − discounts + top-up).
  const grossCents = toCents(grossPremium);
  const premiumCents = toCents(net);
  const topUpCents = topUp > 0 ? premiumCents - grossCents : 0;
  const discountCents = grossCents + topUpCents - premiumCents;
  const appliedDynamicDiscounts = distributeCents(drafts, discountCents);

  const { canolaCapInfo, canolaValidationIssues } = canolaOutcome(priced, insuredValue, model);

  return {
    premium: fromCents(premiumCents),
    insuredValue: fromCents(toCents(insuredValue)),
    totalDiscountAmount: fromCents(discountCents),
    appliedDynamicDiscounts,
    canolaCapInfo,
    canolaValidationIssues,
    grossPremium: fromCents(grossCents),
    minimumPremiumTopUp: fromCents(topUpCents),
    areaLimitIssues: areaLimitIssues(priced, model),
    coverageType,
    zone: { code: zone.code, name: zone.name },
    breakdown: priced.map((item): AllocationBreakdown => ({
      allocationIndex: item.index,
      cropType: item.cropType,
      hectares: item.hectares,
      declaredValue: fromCents(toCents(item.declaredValue)),
      insuredValue: fromCents(toCents(item.coveredValue)),
      zoneCode: item.zoneCode,
      zoneRatePercent: item.zoneRatePercent,
      cropFactor: item.cropFactor,
      hurdlePercentage: item.hurdlePercentage,
      hurdleMultiplier: item.hurdleMultiplier,
      grossPremium: fromCents(toCents(item.grossPremium)),
    })),
    modelVersion: model.version,
  };
}

// ---------------------------------------------------------------------------------------------
// Preconditions (docs/behaviour.md §5, in its order: coverage type, allocations, zone).

function requireCoverageType(value: PricingEngineRequest['coverageType']): CoverageType {
  if (value === undefined || value === null || (value as string) === '') {
    throw new PricingError('COVERAGE_TYPE_REQUIRED', COVERAGE_TYPE_REQUIRED_MESSAGE);
  }
  if (!(COVERAGE_TYPES as readonly string[]).includes(value)) {
    throw new PricingError('COVERAGE_TYPE_REQUIRED', "Coverage type must be 'hail', 'fire' or 'both'");
  }
  return value;
}

function requireAllocations(value: PricingEngineRequest['cropAllocations']): readonly PricedAllocationInput[] {
  if (!value || value.length === 0) throw new PricingError('NO_VALID_ALLOCATIONS', NO_VALID_CROP_SECTIONS_MESSAGE);
  value.forEach((allocation, index) => {
    const where = `Crop allocation ${index + 1}${allocation.type ? ` (${allocation.type})` : ''}`;
    const fail = (message: string) => {
      throw new PricingError('INVALID_ALLOCATION', `${where}: ${message}`);
    };
    if (typeof allocation.type !== 'string' || allocation.type.trim() === '') fail('choose a crop');
    if (!isPositive(allocation.hectares)) fail('hectares must be greater than 0');
    if (!isPositive(allocation.expectedYield)) fail('expected yield must be greater than 0 tonnes per hectare');
    if (allocation.expectedYield > MAX_EXPECTED_YIELD_T_PER_HA) fail(`expected yield must be at most ${MAX_EXPECTED_YIELD_T_PER_HA} tonnes per hectare`);
    if (!isPositive(allocation.pricePerTonne)) fail('price per tonne must be greater than $0');
    if (allocation.pricePerTonne > MAX_PRICE_PER_TONNE) fail(`price per tonne must be at most ${formatMoneyInSentence(MAX_PRICE_PER_TONNE)}`);
    if (!Number.isFinite(allocation.hurdlePercentage) || allocation.hurdlePercentage < 0) fail('hurdle percentage must be 0 or more');
  });
  return value;
}

function requireZone(value: PricingEngineRequest['zone'], model: PricingModel): ZonePricing {
  const code = typeof value === 'string' ? value.trim() : '';
  if (code === '') throw new PricingError('ZONE_REQUIRED', RISK_ZONE_REQUIRED_MESSAGE);
  const zone = model.zones.find((candidate) => candidate.code.toUpperCase() === code.toUpperCase());
  if (!zone || !zone.isActive) {
    const known = model.zones.filter((candidate) => candidate.isActive).map((candidate) => candidate.code);
    throw new PricingError('UNKNOWN_ZONE', `Risk zone '${code}' is not one we price${zone ? ' any more' : ''}. Go back to farm mapping so the farm is placed in one of the current zones (${known.join(', ')}).`);
  }
  return zone;
}

function requireContext(context: PricingContext): void {
  if (!parseIsoDate(context.quoteDate)) {
    throw new PricingError('INVALID_CONTEXT', `Quote date '${context.quoteDate}' must be a calendar date written YYYY-MM-DD`);
  }
  if (!Number.isInteger(context.priorMemberSeasons) || context.priorMemberSeasons < 0) {
    throw new PricingError('INVALID_CONTEXT', 'Prior member seasons must be a whole number, 0 or more');
  }
}

// ---------------------------------------------------------------------------------------------
// Per allocation.

interface PricedAllocation {
  index: number;
  cropType: string;
  hectares: number;
  hurdlePercentage: number;
  hurdleMultiplier: number;
  declaredValue: number;
  coveredValue: number;
  capped: boolean;
  zoneCode: string;
  zoneRatePercent: number;
  cropFactor: number;
  /** The zone's package share of hail + fire ('both' = this share of the two apart). */
  packageShare: number;
  hailPart: number;
  firePart: number;
  grossPremium: number;
}

function priceAllocation(allocation: CropAllocation, index: number, coverageType: CoverageType, zone: ZonePricing, model: PricingModel): PricedAllocation {
  const cropType = normaliseCrop(allocation.type);
  const factor = findCropFactor(cropType, model);
  if (!factor) {
    const offered = model.cropFactors.filter((item) => item.isActive).map((item) => item.cropType);
    throw new PricingError('UNKNOWN_CROP', `Crop allocation ${index + 1}: we do not offer protection for '${allocation.type}'. Choose one of: ${offered.join(', ')}.`);
  }
  const hurdle = findHurdle(allocation.hurdlePercentage, model);
  if (!hurdle) {
    const offered = activeHurdles(model).map((option) => `${option.percentage}%`);
    throw new PricingError('HURDLE_NOT_OFFERED', `Crop allocation ${index + 1} (${allocation.type}): a ${allocation.hurdlePercentage}% hurdle is not offered. Choose one of: ${offered.join(', ')}.`);
  }

  const declaredValue = allocation.hectares * allocation.expectedYield * allocation.pricePerTonne;
  const cap = model.canolaCap;
  const capsThisCrop = cap !== null && cap.isActive && cap.maxValuePerHectare !== null && normaliseCrop(cap.cropType) === cropType;
  const ceiling = capsThisCrop && cap.maxValuePerHectare !== null ? allocation.hectares * cap.maxValuePerHectare : Infinity;
  const coveredValue = Math.min(declaredValue, ceiling);

  const hailPart = ((coveredValue * zone.hailRate) / 100) * factor.hailFactor * hurdle.impactMultiplier;
  const firePart = ((coveredValue * zone.fireRate) / 100) * factor.fireFactor * hurdle.impactMultiplier;
  const packageShare = zone.bothRate / (zone.hailRate + zone.fireRate);
  const grossPremium = coverageType === 'hail' ? hailPart : coverageType === 'fire' ? firePart : packageShare * (hailPart + firePart);
  const zoneRatePercent = coverageType === 'hail' ? zone.hailRate : coverageType === 'fire' ? zone.fireRate : zone.bothRate;
  const cropFactor =
    coverageType === 'hail' ? factor.hailFactor : coverageType === 'fire' ? factor.fireFactor : (zone.hailRate * factor.hailFactor + zone.fireRate * factor.fireFactor) / (zone.hailRate + zone.fireRate);

  return {
    index,
    cropType,
    hectares: allocation.hectares,
    hurdlePercentage: allocation.hurdlePercentage,
    hurdleMultiplier: hurdle.impactMultiplier,
    declaredValue,
    coveredValue,
    capped: coveredValue < declaredValue,
    zoneCode: zone.code,
    zoneRatePercent,
    cropFactor: Math.round(cropFactor * 1e6) / 1e6,
    packageShare,
    hailPart,
    firePart,
    grossPremium,
  };
}

export function normaliseCrop(crop: string): string {
  return crop.trim().replace(/\s+/g, ' ').toLowerCase();
}

function findCropFactor(cropType: string, model: PricingModel): CropRateFactor | undefined {
  return model.cropFactors.find((factor) => factor.isActive && factor.cropType === cropType);
}

function activeHurdles(model: PricingModel): PricingHurdleOption[] {
  return model.hurdleOptions.filter((option) => option.isActive).sort((a, b) => a.percentage - b.percentage);
}

function findHurdle(percentage: number, model: PricingModel): PricingHurdleOption | undefined {
  return model.hurdleOptions.find((option) => option.isActive && Math.abs(option.percentage - percentage) < 1e-9);
}

// ---------------------------------------------------------------------------------------------
// Discounts.

interface DiscountDraft {
  id: string;
  name: string;
  kind: DiscountKind;
  rate: number;
  amount: number;
  description: string;
}

const PREFERENCE_LABELS: Record<CoveragePreferenceKey, string> = {
  irrigation: 'irrigated paddocks',
  hailNetting: 'hail netting',
  frostPrevention: 'frost prevention',
};

/**
 * Split the total discount (whole cents) over the discounts in proportion to their unrounded
 * amounts (largest-remainder method), so the listed amounts add up to the total exactly.
 */
function distributeCents(drafts: DiscountDraft[], totalCents: number): AppliedDiscount[] {
  const rows = drafts.map((draft) => {
    const exact = Math.max(0, draft.amount * 100);
    const cents = Math.floor(exact * (1 + 1e-12));
    return { ...draft, cents, fraction: exact - cents };
  });
  let difference = totalCents - sum(rows.map((row) => row.cents));
  const byFractionDesc = [...rows].sort((a, b) => b.fraction - a.fraction);
  for (let i = 0; difference > 0 && byFractionDesc.length > 0; i += 1, difference -= 1) {
    const row = byFractionDesc[i % byFractionDesc.length];
    if (row) row.cents += 1;
  }
  const byFractionAsc = byFractionDesc.reverse();
  for (let i = 0; difference < 0 && i < byFractionAsc.length * 2; i += 1) {
    const row = byFractionAsc[i % byFractionAsc.length];
    if (row && row.cents > 0) {
      row.cents -= 1;
      difference += 1;
    }
  }
  return rows.filter((row) => row.cents > 0).map((row) => ({ id: row.id, name: row.name, kind: row.kind, rate: roundRate(row.rate), amount: fromCents(row.cents), description: row.description }));
}

// ---------------------------------------------------------------------------------------------
// Canola cap and area limits: reported, never silently applied.

function canolaOutcome(priced: PricedAllocation[], insuredValue: number, model: PricingModel): Pick<PricingCalculateResponse, 'canolaCapInfo' | 'canolaValidationIssues'> {
  const cap = model.canolaCap;
  if (!cap || !cap.isActive) return { canolaCapInfo: null, canolaValidationIssues: [] };
  const capCrop = normaliseCrop(cap.cropType);
  const canola = priced.filter((item) => item.cropType === capCrop);
  if (canola.length === 0) return { canolaCapInfo: null, canolaValidationIssues: [] };

  const declaredValue = sum(canola.map((item) => item.declaredValue));
  const coveredValue = sum(canola.map((item) => item.coveredValue));
  const share = insuredValue > 0 ? coveredValue / insuredValue : 0;
  const capped = canola.filter((item) => item.capped);
  const uncovered = declaredValue - coveredValue;

  const parts: string[] = [];
  if (cap.maxValuePerHectare !== null) {
    parts.push(
      capped.length > 0
        ? `Canola is covered up to ${formatMoneyInSentence(cap.maxValuePerHectare)} per hectare. ${capped
            .map((item) => `Allocation ${item.index + 1} is entered at ${formatMoney(roundCents(item.declaredValue / item.hectares))}/ha`)
            .join('; ')}, so ${formatMoney(roundCents(uncovered))} of canola value is not covered and not charged for.`
        : `Canola is covered up to ${formatMoneyInSentence(cap.maxValuePerHectare)} per hectare; all canola entered is within the cap.`,
    );
  }
  if (cap.maxShareOfInsuredValue !== null) {
    parts.push(`Canola is ${formatRate(roundRate(share, 4))} of the value protected (limit ${formatRate(cap.maxShareOfInsuredValue)}).`);
  }

  const issues: PricingIssue[] = [];
  if (cap.maxShareOfInsuredValue !== null && share > cap.maxShareOfInsuredValue + 1e-12) {
    issues.push({
      code: 'CANOLA_SHARE_EXCEEDED',
      allocationIndex: null,
      message: `Canola makes up ${formatRate(roundRate(share, 4))} of the value protected; the mutual accepts canola up to ${formatRate(cap.maxShareOfInsuredValue)} of a quote. Reduce the canola hectares, add the other crops you are growing, or call us to discuss.`,
    });
  }

  return {
    canolaCapInfo: {
      cropType: capCrop,
      maxValuePerHectare: cap.maxValuePerHectare,
      maxShareOfInsuredValue: cap.maxShareOfInsuredValue,
      declaredValue: roundCents(declaredValue),
      coveredValue: roundCents(coveredValue),
      uncoveredValue: roundCents(uncovered),
      shareOfInsuredValue: roundRate(share, 6),
      capApplied: capped.length > 0,
      cappedAllocationIndexes: capped.map((item) => item.index),
      message: parts.join(' '),
    },
    canolaValidationIssues: issues,
  };
}

function areaLimitIssues(priced: PricedAllocation[], model: PricingModel): PricingIssue[] {
  const issues: PricingIssue[] = [];
  for (const limit of model.areaLimits) {
    if (!limit.isActive) continue;
    const crop = limit.cropType === null ? null : normaliseCrop(limit.cropType);
    const matching = priced.filter((item) => crop === null || item.cropType === crop);
    const subject = crop === null ? 'crop' : crop;
    if (limit.scope === 'allocation') {
      for (const item of matching) {
        if (limit.minHectares !== null && item.hectares < limit.minHectares) {
          issues.push({
            code: 'AREA_BELOW_MINIMUM',
            allocationIndex: item.index,
            message: `Crop allocation ${item.index + 1} (${item.cropType}) is ${formatHectares(item.hectares)}; each ${subject} allocation must be at least ${formatHectares(limit.minHectares)}. Combine it with a neighbouring section of the same crop or leave it out.`,
          });
        }
        if (limit.maxHectares !== null && item.hectares > limit.maxHectares) {
          issues.push({
            code: 'AREA_ABOVE_MAXIMUM',
            allocationIndex: item.index,
            message: `Crop allocation ${item.index + 1} (${item.cropType}) is ${formatHectares(item.hectares)}; each ${subject} allocation can be at most ${formatHectares(limit.maxHectares)}. Split it into smaller paddock sections, or call us to arrange cover.`,
          });
        }
      }
    } else if (matching.length > 0) {
      const total = sum(matching.map((item) => item.hectares));
      const what = crop === null ? 'The quote covers' : `The quote has`;
      const of = crop === null ? '' : ` of ${crop}`;
      if (limit.minHectares !== null && total < limit.minHectares) {
        issues.push({
          code: 'AREA_BELOW_MINIMUM',
          allocationIndex: null,
          message: `${what} ${formatHectares(total)}${of}; a quote needs at least ${formatHectares(limit.minHectares)}${of}. Add the other paddocks you are cropping.`,
        });
      }
      if (limit.maxHectares !== null && total > limit.maxHectares) {
        issues.push({
          code: 'AREA_ABOVE_MAXIMUM',
          allocationIndex: null,
          message: `${what} ${formatHectares(total)}${of}; one quote can cover at most ${formatHectares(limit.maxHectares)}${of}. Call us to arrange cover for a holding this size.`,
        });
      }
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function roundCents(value: number): number {
  return fromCents(toCents(value));
}

function roundRate(rate: number, digits = 6): number {
  const factor = 10 ** digits;
  return Math.round(rate * factor) / factor;
}
