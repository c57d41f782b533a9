/**
 * The quote ready check (docs/behaviour.md §5): whether a quote can be submitted, and if not, what is missing and
 * on which step the member can fix it.
 */
import type { WizardStep } from '../../contracts/quote-steps';
import { hasCropOrGroupDetails, hasEntries, hasText } from './types';
import type { QuoteView } from './types';

export type QuoteReadinessPart = 'contact' | 'paddock-sections' | 'risk-zone' | 'crop-details' | 'selected-estimate' | 'section-completeness';

export interface QuoteReadinessGap {
  part: QuoteReadinessPart;
  /** The step where the member can supply what is missing. */
  step: WizardStep;
  /** What to do, addressed to the member. */
  message: string;
}

export interface QuoteReadiness {
  isReady: boolean;
  /** In the order of the wizard; empty when ready. */
  missing: QuoteReadinessGap[];
}

export const READINESS_MESSAGES = {
  contact: 'Enter your first name, last name and email address',
  paddockSections: 'Map at least one paddock section',
  riskZone: 'Confirm the risk zone for your farm',
  cropDetails: 'Enter crop or group details',
  selectedEstimate: 'Choose a coverage type and calculate its estimate',
  cropModeIncomplete: 'Enter the yield, price and hurdle for your crops',
  groupModeIncomplete: 'Enter the yield, price and hurdle for your crop groups',
  otherModeIncomplete: 'Correct the crop details of your paddock sections',
} as const;

/** The pricing mode in force: the crop-details mode, else the farm's, else crop. */
export function pricingModeOf(quote: QuoteView): string {
  return quote.cropDetails?.pricingMode ?? quote.farmData?.pricingMode ?? 'crop';
}

/**
 * Section completeness by pricing mode: crop mode needs per-crop details, group mode needs group
 * details, any other mode needs every validated section to be valid.
 */
function sectionCompletenessGap(quote: QuoteView): QuoteReadinessGap | null {
  const mode = pricingModeOf(quote);
  if (mode === 'crop') {
    return hasEntries(quote.cropDetails?.byCrop) ? null : { part: 'section-completeness', step: 'protection-calculator', message: READINESS_MESSAGES.cropModeIncomplete };
  }
  if (mode === 'group') {
    return hasEntries(quote.cropDetails?.groupDetails) ? null : { part: 'section-completeness', step: 'protection-calculator', message: READINESS_MESSAGES.groupModeIncomplete };
  }
  return quote.validationData?.global?.isAllValid === true ? null : { part: 'section-completeness', step: 'protection-calculator', message: READINESS_MESSAGES.otherModeIncomplete };
}

export function checkQuoteReady(quote: QuoteView): QuoteReadiness {
  const missing: QuoteReadinessGap[] = [];
  const personal = quote.personalDetails;
  if (!hasText(personal?.firstName) || !hasText(personal.lastName) || !hasText(personal.email)) {
    missing.push({ part: 'contact', step: 'personal-details', message: READINESS_MESSAGES.contact });
  }
  if (!hasEntries(quote.farmData?.paddockSections)) {
    missing.push({ part: 'paddock-sections', step: 'farm-mapping', message: READINESS_MESSAGES.paddockSections });
  }
  if (!hasText(quote.farmData?.zone)) {
    missing.push({ part: 'risk-zone', step: 'farm-mapping', message: READINESS_MESSAGES.riskZone });
  }
  if (!hasCropOrGroupDetails(quote)) {
    missing.push({ part: 'crop-details', step: 'protection-calculator', message: READINESS_MESSAGES.cropDetails });
  }
  const gap = sectionCompletenessGap(quote);
  if (gap !== null) missing.push(gap);
  const selected = quote.estimates?.selectedCoverageType;
  if (selected === undefined || quote.estimates?.[selected] === undefined) {
    missing.push({ part: 'selected-estimate', step: 'estimate-display', message: READINESS_MESSAGES.selectedEstimate });
  }
  return { isReady: missing.length === 0, missing };
}
