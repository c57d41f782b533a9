/**
 * The quote wizard's steps, the words of the quote and analytics requests, in a module without zod
 * so that the wizard's own rules (shared/domain/quote/steps.ts) and every store can use them
 * without loading the schemas.
 */

/** Every step in full order; forward and backward moves go one step along this list (docs/behaviour.md §4). */
export const WIZARD_STEPS = [
  'personal-details',
  'email-verification',
  'password-creation',
  'product-disclosure',
  'get-started',
  'farm-mapping',
  'protection-calculator',
  'estimate-display',
  'final-submission',
  'success',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
