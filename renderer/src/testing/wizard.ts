import type { WizardContextValue } from '../features/quote/wizard-context';

/** The wizard's context as a step sees it, doing nothing when moved: a visitor on `step`, unless `overrides` say otherwise. */
export function stubWizard(overrides: Partial<WizardContextValue> = {}): WizardContextValue {
  return {
    step: 'protection-calculator',
    arrivedByMove: false,
    isAuthenticated: false,
    userId: null,
    support: null,
    client: null,
    canWrite: true,
    goNext: () => undefined,
    goBack: () => undefined,
    goBackTo: () => undefined,
    resumeAt: () => undefined,
    verification: { token: null, sentAt: null },
    setVerification: () => undefined,
    signedIn: () => undefined,
    ...overrides,
  };
}
