import type { WizardStep } from '@shared/contracts/quote-steps';

/** The heading of each step, as the member reads it. */
export const STEP_TITLES: Record<WizardStep, string> = {
  'personal-details': 'Your details',
  'email-verification': 'Verify your e-mail',
  'password-creation': 'Create your password',
  'product-disclosure': 'Product Disclosure Statement',
  'get-started': 'Get started',
  'farm-mapping': 'Your paddocks',
  'protection-calculator': 'Crops and protection',
  'estimate-display': 'Your estimate',
  'final-submission': 'Review and submit',
  success: 'Quote submitted',
};
