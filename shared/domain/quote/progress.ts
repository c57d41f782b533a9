/** Wizard progress figures (docs/behaviour.md §2 'Quote wizard'). */
import { WIZARD_TOTAL_STEPS_REPORTED } from '../../constants';
import { VISIBLE_STEPS, isVisibleStep, stepIndex } from './steps';
import { WIZARD_STEPS, type WizardStep } from '../../contracts/quote-steps';
import type { VisibleStep } from './steps';

/**
 * The visible step a step shows as: itself when visible; a hidden step (email-verification,
 * farm-mapping) shows as the visible step before it, so the bar never jumps ahead.
 */
export function displayedVisibleStep(step: WizardStep): VisibleStep {
  for (let index = stepIndex(step); index >= 0; index -= 1) {
    const candidate = WIZARD_STEPS[index];
    if (isVisibleStep(candidate)) return candidate;
  }
  return 'personal-details';
}

/**
 * Position within the visible list divided by (count − 1), as a rounded percentage (docs/behaviour.md §2). A
 * hidden step, which the SPEC leaves open, counts half a step past the visible one before it: after
 * personal details, e-mail verification reads 7 %, not the 0 % a grower would take for no progress.
 */
export function progressPercentage(step: WizardStep): number {
  const position = VISIBLE_STEPS.indexOf(displayedVisibleStep(step)) + (isVisibleStep(step) ? 0 : 0.5);
  return Math.round((position / (VISIBLE_STEPS.length - 1)) * 100);
}

export interface WizardProgress {
  percentage: number;
  /** 0-based position in the visible list. */
  visibleIndex: number;
  visibleCount: number;
  /** What the wizard reports as its total number of steps (docs/behaviour.md §9: 6). */
  totalStepsReported: number;
}

export function wizardProgress(step: WizardStep): WizardProgress {
  return {
    percentage: progressPercentage(step),
    visibleIndex: VISIBLE_STEPS.indexOf(displayedVisibleStep(step)),
    visibleCount: VISIBLE_STEPS.length,
    totalStepsReported: WIZARD_TOTAL_STEPS_REPORTED,
  };
}
