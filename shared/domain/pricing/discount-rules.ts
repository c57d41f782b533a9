import type { CoverageType } from '../../constants';
import type { DiscountKind, DynamicDiscountRule, VolumeDiscountRule } from '../../contracts/pricing';
import { formatDate, formatHectares, formatMoney, formatMoneyInSentence, formatRate } from '../../format';
import { fromCents, toCents } from './money';
import type { PricingContext } from './types';

/**
 * Rule matching (docs/discounts.md): whether a dynamic discount rule applies to a quote and at what
 * rate. A fixed-sum rule is turned into the rate it is of the premium it is taken from, so every
 * rule adds up, stacks and is capped the same way (discount-stacking.ts).
 */

/** What a quote offers the rules, worked out once by the engine. */
export interface DiscountFacts {
  insuredValue: number;
  /** The premium the dynamic discounts are taken from (after the equipment discount factors). */
  premiumBeforeDiscounts: number;
  totalHectares: number;
  /** Normalised crop names of the priced allocations. */
  crops: ReadonlySet<string>;
  zoneCode: string;
  coverageType: CoverageType;
  /** The referrer code priced with (the member's own), or empty. */
  referrerCode: string;
  context: PricingContext;
}

/** A rule that applies: its own rate before stacking and the cap. */
export interface DiscountCandidate {
  id: string;
  name: string;
  kind: DiscountKind;
  rate: number;
  description: string;
  priority: number;
  stacks: boolean;
}

/** Whether the quote date falls in the rule's validity window (inclusive; an open end is no limit). */
export function isRuleValidOn(rule: Pick<DynamicDiscountRule, 'validFrom' | 'validTo'>, quoteDate: string): boolean {
  return (!rule.validFrom || quoteDate >= rule.validFrom) && (!rule.validTo || quoteDate <= rule.validTo);
}

/** The rule as a candidate when it is active, valid on the quote date and its condition holds; otherwise null. */
export function matchDiscountRule(rule: DynamicDiscountRule, facts: DiscountFacts): DiscountCandidate | null {
  if (!rule.isActive || !isRuleValidOn(rule, facts.context.quoteDate)) return null;
  const matched = ruleRate(rule, facts);
  if (!matched || !(matched.rate > 0)) return null;
  return { id: rule.id, name: rule.name, kind: rule.kind, rate: matched.rate, description: matched.description, priority: rule.priority ?? 0, stacks: rule.stacks ?? true };
}

function ruleRate(rule: DynamicDiscountRule, facts: DiscountFacts): { rate: number; description: string } | null {
  const { context } = facts;
  switch (rule.kind) {
    case 'volume': {
      const rate = volumeDiscountRate(rule, facts.insuredValue);
      const bands = rule.bands
        .filter((band) => band.rate > 0)
        .map((band) => `${formatRate(band.rate)} above ${formatMoneyInSentence(band.fromInsuredValue)}`)
        .join(', ');
      return { rate, description: `Volume discount on ${formatMoney(fromCents(toCents(facts.insuredValue)))} insured (${bands}): ${formatRate(Math.round(rate * 1e6) / 1e6)} overall` };
    }
    case 'earlySeason':
      return isWithinWindow(context.quoteDate, rule.windowStart, rule.windowEnd)
        ? { rate: rule.rate, description: `${formatRate(rule.rate)} for quotes dated ${formatMonthDay(rule.windowStart)} to ${formatMonthDay(rule.windowEnd)}` }
        : null;
    case 'multiYear':
      return context.priorMemberSeasons >= rule.minimumPriorSeasons
        ? { rate: rule.rate, description: `${formatRate(rule.rate)} for members of ${rule.minimumPriorSeasons} or more prior seasons (you: ${context.priorMemberSeasons})` }
        : null;
    case 'referrer':
      return facts.referrerCode !== '' && context.referrerCodeIsValid ? { rate: rule.rate, description: `${formatRate(rule.rate)} for joining with referrer code ${facts.referrerCode}` } : null;
    case 'conditional': {
      const reasons = conditionReasons(rule.conditions, facts);
      if (reasons === null) return null;
      const because = reasons.length > 0 ? ` for ${reasons.join(', ')}` : '';
      if (rule.amount.type === 'percentage') return { rate: rule.amount.rate, description: `${formatRate(rule.amount.rate)}${because}` };
      if (!(facts.premiumBeforeDiscounts > 0)) return null;
      return { rate: Math.min(1, rule.amount.value / facts.premiumBeforeDiscounts), description: `${formatMoneyInSentence(rule.amount.value)} off${because}` };
    }
  }
}

/** Why a conditional rule applies, in words, or null when one of its conditions fails. */
function conditionReasons(conditions: Extract<DynamicDiscountRule, { kind: 'conditional' }>['conditions'], facts: DiscountFacts): string[] | null {
  const reasons: string[] = [];
  const { context } = facts;
  if (conditions.minTotalHectares !== null) {
    if (facts.totalHectares < conditions.minTotalHectares) return null;
    reasons.push(`${formatHectares(conditions.minTotalHectares)} or more`);
  }
  if (conditions.maxTotalHectares !== null) {
    if (facts.totalHectares > conditions.maxTotalHectares) return null;
    reasons.push(`up to ${formatHectares(conditions.maxTotalHectares)}`);
  }
  if (conditions.requiredCrops.length > 0) {
    if (!conditions.requiredCrops.every((crop) => facts.crops.has(crop))) return null;
    reasons.push(`growing ${conditions.requiredCrops.join(' and ')}`);
  }
  if (conditions.minDistinctCrops !== null) {
    if (facts.crops.size < conditions.minDistinctCrops) return null;
    reasons.push(`${conditions.minDistinctCrops} or more crops`);
  }
  if (conditions.minPriorSeasons !== null) {
    if (context.priorMemberSeasons < conditions.minPriorSeasons) return null;
    reasons.push(`members of ${conditions.minPriorSeasons} or more prior seasons`);
  }
  if (conditions.requiresReferrer) {
    if (facts.referrerCode === '' || !context.referrerCodeIsValid) return null;
    reasons.push(`joining with referrer code ${facts.referrerCode}`);
  }
  if (conditions.applyBy !== null) {
    if (context.quoteDate > conditions.applyBy) return null;
    reasons.push(`quotes dated by ${formatDate(conditions.applyBy)}`);
  }
  if (conditions.zones.length > 0) {
    if (!conditions.zones.includes(facts.zoneCode.toUpperCase())) return null;
    reasons.push(`zone ${facts.zoneCode}`);
  }
  if (conditions.coverageTypes.length > 0) {
    if (!conditions.coverageTypes.includes(facts.coverageType)) return null;
    reasons.push(`${facts.coverageType} cover`);
  }
  return reasons;
}

/**
 * Graduated volume discount: each band's rate applies to the part of the insured value inside the
 * band, and the result is expressed as one effective rate over the whole premium.
 */
export function volumeDiscountRate(rule: Pick<VolumeDiscountRule, 'bands'>, insuredValue: number): number {
  if (!(insuredValue > 0)) return 0;
  let weighted = 0;
  rule.bands.forEach((band, index) => {
    const next = rule.bands[index + 1]?.fromInsuredValue ?? Infinity;
    const inBand = Math.max(0, Math.min(insuredValue, next) - band.fromInsuredValue);
    weighted += inBand * band.rate;
  });
  return weighted / insuredValue;
}

export function parseIsoDate(value: string): { month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { month, day };
}

/** Whether a 'YYYY-MM-DD' date falls in an inclusive 'MM-DD' window; a window may wrap past 31 December. */
export function isWithinWindow(isoDate: string, windowStart: string, windowEnd: string): boolean {
  const date = parseIsoDate(isoDate);
  if (!date) return false;
  const key = date.month * 100 + date.day;
  const start = monthDayKey(windowStart);
  const end = monthDayKey(windowEnd);
  return start <= end ? key >= start && key <= end : key >= start || key <= end;
}

function monthDayKey(value: string): number {
  const [month, day] = value.split('-').map(Number);
  return (month ?? 0) * 100 + (day ?? 0);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function formatMonthDay(value: string): string {
  const [month, day] = value.split('-').map(Number);
  return `${day ?? ''} ${MONTHS[(month ?? 1) - 1] ?? ''}`;
}
