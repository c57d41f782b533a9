import type { DynamicDiscountRule } from '@shared/contracts/pricing';
import { formatDate, formatHectares, formatMoneyInSentence, formatRate } from '@shared/format';

export const KIND_LABELS: Record<DynamicDiscountRule['kind'], string> = { volume: 'Volume', earlySeason: 'Early season', multiYear: 'Multi-year', referrer: 'Referrer', conditional: 'Conditional' };

const COVER_LABELS = { hail: 'hail', fire: 'fire and lightning', both: 'hail, fire and lightning' } as const;

/** What a rule gives, in words. */
export function ruleAmount(rule: DynamicDiscountRule): string {
  switch (rule.kind) {
    case 'volume':
      return rule.bands
        .filter((band) => band.rate > 0)
        .map((band) => `${formatRate(band.rate)} above ${formatMoneyInSentence(band.fromInsuredValue)}`)
        .join(', ');
    case 'conditional':
      return rule.amount.type === 'percentage' ? formatRate(rule.amount.rate) : `${formatMoneyInSentence(rule.amount.value)} off`;
    default:
      return formatRate(rule.rate);
  }
}

/** When a rule applies, in words. */
export function ruleCondition(rule: DynamicDiscountRule): string {
  switch (rule.kind) {
    case 'volume':
      return 'Graduated on the insured value';
    case 'earlySeason':
      return `Quoted ${rule.windowStart} to ${rule.windowEnd} (MM-DD) each year`;
    case 'multiYear':
      return `Member of ${rule.minimumPriorSeasons} or more prior seasons`;
    case 'referrer':
      return 'Joined with an active referrer’s code';
    case 'conditional': {
      const c = rule.conditions;
      const parts = [
        c.minTotalHectares !== null ? `at least ${formatHectares(c.minTotalHectares)}` : '',
        c.maxTotalHectares !== null ? `at most ${formatHectares(c.maxTotalHectares)}` : '',
        c.requiredCrops.length > 0 ? `grows ${c.requiredCrops.join(' and ')}` : '',
        c.minDistinctCrops !== null ? `${c.minDistinctCrops}+ crops` : '',
        c.minPriorSeasons !== null ? `member ${c.minPriorSeasons}+ seasons` : '',
        c.requiresReferrer ? 'joined through a referrer' : '',
        c.applyBy !== null ? `quoted by ${formatDate(c.applyBy)}` : '',
        c.zones.length > 0 ? `zone ${c.zones.join(' or ')}` : '',
        c.coverageTypes.length > 0 ? c.coverageTypes.map((type) => COVER_LABELS[type]).join(' or ') : '',
      ].filter(Boolean);
      return parts.length > 0 ? parts.join('; ') : 'Every quote';
    }
  }
}

/** The validity window, in words. */
export function ruleWindow(rule: DynamicDiscountRule): string {
  if (!rule.validFrom && !rule.validTo) return 'Always';
  if (rule.validFrom && rule.validTo) return `${formatDate(rule.validFrom)} to ${formatDate(rule.validTo)}`;
  return rule.validFrom ? `From ${formatDate(rule.validFrom)}` : `Until ${formatDate(rule.validTo ?? '')}`;
}
