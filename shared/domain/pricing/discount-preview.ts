import type { PricingModel } from '../../contracts/pricing';
import { calculatePremium } from './engine';
import { toCents } from './money';
import type { PricingContext, PricingEngineRequest } from './types';
import { isPricingError } from './types';

/**
 * The preview of a rule before it is saved (docs/discounts.md): a quote priced with the model as it
 * is and with the rule saved, and what the rule itself takes off.
 */

export interface PreviewQuote {
  label: string;
  summary: string;
  request: PricingEngineRequest;
  /** The quote's context without its date; the preview prices it as of today. */
  priorMemberSeasons: number;
  referrerCodeIsValid: boolean;
}

/** Three farms the preview always shows: small and new, a mixed family farm, a large long-standing holding. */
export const SAMPLE_QUOTES: readonly PreviewQuote[] = [
  {
    label: 'Small wheat farm',
    summary: '300 ha wheat, Central Wheatbelt, hail only, new member',
    request: { coverageType: 'hail', zone: 'CWB', cropAllocations: [{ type: 'wheat', hectares: 300, expectedYield: 2.2, pricePerTonne: 330, hurdlePercentage: 0 }] },
    priorMemberSeasons: 0,
    referrerCodeIsValid: false,
  },
  {
    label: 'Mixed family farm',
    summary: '800 ha wheat, 300 ha canola, 200 ha lupins, Eastern Wheatbelt, hail and fire, 3 seasons a member, joined through a referrer',
    request: {
      coverageType: 'both',
      zone: 'EWB',
      referrerCode: 'REFERRED',
      cropAllocations: [
        { type: 'wheat', hectares: 800, expectedYield: 2.4, pricePerTonne: 340, hurdlePercentage: 5 },
        { type: 'canola', hectares: 300, expectedYield: 1.3, pricePerTonne: 700, hurdlePercentage: 10 },
        { type: 'lupins', hectares: 200, expectedYield: 1.5, pricePerTonne: 420, hurdlePercentage: 0 },
      ],
    },
    priorMemberSeasons: 3,
    referrerCodeIsValid: true,
  },
  {
    label: 'Large southern holding',
    summary: '3,000 ha wheat, 1,500 ha barley, 800 ha canola, Great Southern, hail and fire, 6 seasons a member',
    request: {
      coverageType: 'both',
      zone: 'GSR',
      cropAllocations: [
        { type: 'wheat', hectares: 3_000, expectedYield: 3, pricePerTonne: 340, hurdlePercentage: 10 },
        { type: 'barley', hectares: 1_500, expectedYield: 3.2, pricePerTonne: 300, hurdlePercentage: 10 },
        { type: 'canola', hectares: 800, expectedYield: 1.6, pricePerTonne: 720, hurdlePercentage: 15 },
      ],
    },
    priorMemberSeasons: 6,
    referrerCodeIsValid: false,
  },
];

export type RuleEffect = { priced: true; premiumBeforeCents: number; premiumAfterCents: number; ruleAmountCents: number; description: string | null } | { priced: false; problem: string };

/** One quote under the model as it is (`before`) and with the rule saved (`after`). */
export function ruleEffect(before: PricingModel, after: PricingModel, ruleId: string, request: PricingEngineRequest, context: PricingContext): RuleEffect {
  try {
    const was = calculatePremium(request, before, context);
    const will = calculatePremium(request, after, context);
    const own = will.appliedDynamicDiscounts.find((discount) => discount.id === ruleId && discount.kind !== 'coveragePreference');
    return { priced: true, premiumBeforeCents: toCents(was.premium), premiumAfterCents: toCents(will.premium), ruleAmountCents: own ? toCents(own.amount) : 0, description: own?.description ?? null };
  } catch (error) {
    if (isPricingError(error)) return { priced: false, problem: error.message };
    throw error;
  }
}

/** The model with the rule saved: replacing the rule of that id, or added when it is new. */
export function modelWithRule(model: PricingModel, rule: PricingModel['dynamicDiscounts'][number]): PricingModel {
  const exists = model.dynamicDiscounts.some((item) => item.id === rule.id);
  return { ...model, dynamicDiscounts: exists ? model.dynamicDiscounts.map((item) => (item.id === rule.id ? rule : item)) : [...model.dynamicDiscounts, rule] };
}

/** 'YYYY-MM-DD' one year on; 29 February becomes 28 February. */
export function sameDayNextYear(date: string): string {
  const [year, month, day] = [Number(date.slice(0, 4)), date.slice(5, 7), date.slice(8, 10)];
  return month === '02' && day === '29' ? `${year + 1}-02-28` : `${year + 1}-${month}-${day}`;
}
