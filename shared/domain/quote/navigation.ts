/**
 * Wizard navigation rules (docs/behaviour.md §4 'Wizard navigation', §8 'Navigation block reasons').
 * A step's requirement is what must hold to ENTER it; going back or staying is always allowed.
 */
import { INITIAL_WIZARD_STEP, isVisibleStep, isWizardStep, nextStep, previousStep, stepIndex, stepsBefore } from './steps';
import { WIZARD_STEPS, type WizardStep } from '../../contracts/quote-steps';
import { hasCropOrGroupDetails, hasEntries, hasFarmLocation, hasText } from './types';
import type { Decision, QuoteView } from './types';

/** docs/behaviour.md §8 'Navigation block reasons', word for word. */
export const NAVIGATION_BLOCK_REASONS = {
  personalDetailsIncomplete: 'Personal details must be completed before email verification',
  emailNotVerified: 'Email must be verified before password creation',
  passwordNotSet: 'Password must be set before proceeding to disclosures',
  farmLocationMissing: 'Farm location must be provided before mapping',
  farmMapIncomplete: 'Farm map must be completed before protection calculator',
  cropDetailsInvalid: 'All crop details must be completed and valid before generating estimates',
  cropDetailsMissing: 'Crop details must be provided before generating estimates',
  coverageNotSelected: 'Coverage type and option must be selected before final submission',
  quoteNotSubmitted: 'Quote must be submitted before success page',
} as const;

/** Not in docs/behaviour.md §8 (which gives no text for it): the reason for refusing a jump of more than one step. */
export const STEP_JUMP_BLOCK_REASON = 'Steps must be completed in order before moving further ahead';
/** Not in docs/behaviour.md §8: the reason for refusing a visible-step move to a hidden or unknown step. */
export const NOT_A_VISIBLE_STEP_REASON = 'Only a visible wizard step can be opened directly';
/** Not in docs/behaviour.md §8: there is no step before the first or after success. */
export const NO_SUCH_STEP_REASON = 'There is no step in that direction';

export interface NavigationOptions {
  /** Skip every forward check, including the one-step-at-a-time rule. */
  skipValidation?: boolean;
  /** Enhanced validation (default on, docs/behaviour.md §2) tightens the estimate-display requirement. */
  enhancedValidation?: boolean;
}

/**
 * The reason a quote may not enter `step`, or null when it may. Steps without a requirement
 * (personal-details, get-started) always return null.
 */
export function entryBlockReason(step: WizardStep, quote: QuoteView, options: NavigationOptions = {}): string | null {
  const personal = quote.personalDetails;
  const farm = quote.farmData;
  switch (step) {
    case 'email-verification':
      return hasText(personal?.firstName) && hasText(personal.lastName) && hasText(personal.email) ? null : NAVIGATION_BLOCK_REASONS.personalDetailsIncomplete;
    case 'password-creation':
      return personal?.emailVerified === true ? null : NAVIGATION_BLOCK_REASONS.emailNotVerified;
    case 'product-disclosure':
      return hasText(personal?.password) || hasText(personal?.userId) ? null : NAVIGATION_BLOCK_REASONS.passwordNotSet;
    case 'farm-mapping':
      return hasFarmLocation(quote) || hasText(farm?.address) ? null : NAVIGATION_BLOCK_REASONS.farmLocationMissing;
    case 'protection-calculator':
      return hasEntries(farm?.paddockSections) ? null : NAVIGATION_BLOCK_REASONS.farmMapIncomplete;
    case 'estimate-display': {
      if (options.enhancedValidation ?? true) {
        const global = quote.validationData?.global;
        return global?.isAllValid === true && global.completionRate === 100 ? null : NAVIGATION_BLOCK_REASONS.cropDetailsInvalid;
      }
      return hasCropOrGroupDetails(quote) ? null : NAVIGATION_BLOCK_REASONS.cropDetailsMissing;
    }
    case 'final-submission':
      return quote.estimates?.selectedCoverageType !== undefined && hasText(quote.coverage?.selectedOption) ? null : NAVIGATION_BLOCK_REASONS.coverageNotSelected;
    case 'success':
      return quote.status === 'submitted' || quote.status === 'completed' ? null : NAVIGATION_BLOCK_REASONS.quoteNotSubmitted;
    case 'personal-details':
    case 'get-started':
      return null;
  }
}

/**
 * The account steps a signed-in member has been through already (their e-mail verified, their
 * account made): the wizard passes over them, forward and back, rather than show them again. A
 * member's quote starts at personal-details like everyone's (docs/behaviour.md §2), with their details filled.
 */
export function isPassedAccountStep(step: WizardStep, quote: QuoteView): boolean {
  return (step === 'email-verification' || step === 'password-creation') && hasText(quote.personalDetails?.userId) && quote.personalDetails.emailVerified === true;
}

/**
 * Whether the wizard may move from one step to another: back or same step always; forward one
 * step when the target's requirement holds (passed account steps in between do not count); a jump
 * of more than one step otherwise only with skipValidation (which also skips the requirement).
 */
export function canNavigate(from: WizardStep, to: WizardStep, quote: QuoteView, options: NavigationOptions = {}): Decision {
  const distance = stepIndex(to) - stepIndex(from);
  if (distance <= 0 || options.skipValidation === true) return { allowed: true };
  const between = WIZARD_STEPS.slice(stepIndex(from) + 1, stepIndex(to));
  if (!between.every((step) => isPassedAccountStep(step, quote))) return { allowed: false, reason: STEP_JUMP_BLOCK_REASON };
  const reason = entryBlockReason(to, quote, options);
  return reason === null ? { allowed: true } : { allowed: false, reason };
}

// ---------------------------------------------------------------------------------------------
// History and completed-step bookkeeping
// ---------------------------------------------------------------------------------------------

export interface NavigationState {
  currentStep: WizardStep;
  /** Steps left behind, oldest first. */
  history: WizardStep[];
  /** Steps moved away from at least once, in the order first left. */
  completedSteps: WizardStep[];
}

export function initialNavigation(): NavigationState {
  return { currentStep: INITIAL_WIZARD_STEP, history: [], completedSteps: [] };
}

/** Records a move that has been allowed: the step left goes into history and is marked completed. */
export function recordStepChange(state: NavigationState, to: WizardStep): NavigationState {
  if (to === state.currentStep) return state;
  const left = state.currentStep;
  return {
    currentStep: to,
    history: [...state.history, left],
    completedSteps: state.completedSteps.includes(left) ? state.completedSteps : [...state.completedSteps, left],
  };
}

export interface NavigationResult {
  decision: Decision;
  /** The new state when allowed, the unchanged state when refused. */
  navigation: NavigationState;
}

/** Checks a move and, when allowed, records it. */
export function navigate(state: NavigationState, to: WizardStep, quote: QuoteView, options: NavigationOptions = {}): NavigationResult {
  const decision = canNavigate(state.currentStep, to, quote, options);
  return { decision, navigation: decision.allowed ? recordStepChange(state, to) : state };
}

/** One step forward along the full order. */
export function goForward(state: NavigationState, quote: QuoteView, options: NavigationOptions = {}): NavigationResult {
  let to = nextStep(state.currentStep);
  while (to !== null && isPassedAccountStep(to, quote)) to = nextStep(to);
  if (to === null) return { decision: { allowed: false, reason: NO_SUCH_STEP_REASON }, navigation: state };
  return navigate(state, to, quote, options);
}

/** One step back along the full order (always allowed except before the first step). */
export function goBack(state: NavigationState, quote: QuoteView): NavigationResult {
  let to = previousStep(state.currentStep);
  while (to !== null && isPassedAccountStep(to, quote)) to = previousStep(to);
  if (to === null) return { decision: { allowed: false, reason: NO_SUCH_STEP_REASON }, navigation: state };
  return navigate(state, to, quote);
}

/** The visible-step move: accepts only visible steps, then applies the ordinary rules. */
export function goToVisibleStep(state: NavigationState, target: string, quote: QuoteView, options: NavigationOptions = {}): NavigationResult {
  if (!isVisibleStep(target)) return { decision: { allowed: false, reason: NOT_A_VISIBLE_STEP_REASON }, navigation: state };
  return navigate(state, target, quote, options);
}

/**
 * Restores navigation (e.g. from a draft or the step query parameter). Unknown steps are dropped.
 * With no history or no completed list, both are rebuilt from all steps before the current one.
 */
export function restoreNavigation(saved: { currentStep: WizardStep; history?: readonly unknown[] | null; completedSteps?: readonly unknown[] | null }): NavigationState {
  const history = (saved.history ?? []).filter(isWizardStep);
  const completed = [...new Set((saved.completedSteps ?? []).filter(isWizardStep))];
  if (history.length === 0 || completed.length === 0) {
    return { currentStep: saved.currentStep, history: stepsBefore(saved.currentStep), completedSteps: stepsBefore(saved.currentStep) };
  }
  return { currentStep: saved.currentStep, history, completedSteps: completed };
}

export interface ReachableStep {
  step: WizardStep;
  /** The block reason of the first step that could not be entered, or null when the target was reached. */
  blockedBy: string | null;
}

/**
 * Where a wizard opened at `target` (from the address, a reload or a draft) may start: the target
 * when every step from the first up to it can be entered in turn, else the last step before the
 * first one that cannot. This is the one-step-at-a-time rule applied to a page load, so typing
 * ?step=success into the address bar cannot skip the requirements.
 */
export function reachableStep(target: WizardStep, quote: QuoteView, options: NavigationOptions = {}): ReachableStep {
  let reached: WizardStep = INITIAL_WIZARD_STEP;
  for (const step of [...stepsBefore(target), target]) {
    if (step === INITIAL_WIZARD_STEP) continue;
    const reason = options.skipValidation === true ? null : entryBlockReason(step, quote, options);
    if (reason !== null) return { step: reached, blockedBy: reason };
    reached = step;
  }
  return { step: reached, blockedBy: null };
}
