/**
 * The quote wizard's steps (docs/behaviour.md §2 'Quote wizard') and the query parameters that carry them.
 * The list of steps is the requests' vocabulary, in shared/contracts/quote-steps.ts.
 */
import { WIZARD_STEPS, type WizardStep } from '../../contracts/quote-steps';

/** Steps hidden from the progress indicator and the visible-step move. */
export const HIDDEN_STEPS = ['email-verification', 'farm-mapping'] as const satisfies readonly WizardStep[];
export type HiddenStep = (typeof HIDDEN_STEPS)[number];
export type VisibleStep = Exclude<WizardStep, HiddenStep>;

/** The visible steps, in order: the full order without email-verification and farm-mapping. */
export const VISIBLE_STEPS: readonly VisibleStep[] = WIZARD_STEPS.filter((step): step is VisibleStep => !(HIDDEN_STEPS as readonly WizardStep[]).includes(step));

/** The wizard starts here. */
export const INITIAL_WIZARD_STEP: WizardStep = 'personal-details';

export function isWizardStep(value: unknown): value is WizardStep {
  return typeof value === 'string' && (WIZARD_STEPS as readonly string[]).includes(value);
}

export function isVisibleStep(value: unknown): value is VisibleStep {
  return typeof value === 'string' && (VISIBLE_STEPS as readonly string[]).includes(value);
}

/** Position of a step in the full order (0-based). */
export function stepIndex(step: WizardStep): number {
  return WIZARD_STEPS.indexOf(step);
}

/** The step after this one in the full order, or null after success. */
export function nextStep(step: WizardStep): WizardStep | null {
  return WIZARD_STEPS[stepIndex(step) + 1] ?? null;
}

/** The step before this one in the full order, or null at personal-details. */
export function previousStep(step: WizardStep): WizardStep | null {
  const index = stepIndex(step);
  return index > 0 ? (WIZARD_STEPS[index - 1] ?? null) : null;
}

/** All steps before this one in the full order. */
export function stepsBefore(step: WizardStep): WizardStep[] {
  return WIZARD_STEPS.slice(0, stepIndex(step));
}

/** The wizard's query parameters (docs/behaviour.md §2): step, savedEstimate, support=true and customerId; and draft, the draft to open (a renewal's). */
export interface WizardQuery {
  step: WizardStep;
  savedEstimateId: string | null;
  isSupport: boolean;
  customerId: string | null;
  draftId: string | null;
}

type QueryValue = string | readonly string[] | null | undefined;

function firstValue(value: QueryValue): string | null {
  const raw = typeof value === 'string' ? value : (value?.[0] ?? null);
  const trimmed = raw?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * Reads the wizard's query parameters. An unknown or missing step falls back to the first step;
 * support mode needs both support=true and a customer id.
 */
export function parseWizardQuery(query: Readonly<Record<string, QueryValue>>): WizardQuery {
  const step = firstValue(query['step']);
  const customerId = firstValue(query['customerId']);
  return {
    step: isWizardStep(step) ? step : INITIAL_WIZARD_STEP,
    savedEstimateId: firstValue(query['savedEstimate']),
    isSupport: firstValue(query['support']) === 'true' && customerId !== null,
    customerId,
    draftId: firstValue(query['draft']),
  };
}
