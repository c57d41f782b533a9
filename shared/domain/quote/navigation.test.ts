import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  NOT_A_VISIBLE_STEP_REASON,
  STEP_JUMP_BLOCK_REASON,
  canNavigate,
  entryBlockReason,
  goBack,
  goForward,
  goToVisibleStep,
  initialNavigation,
  navigate,
  recordStepChange,
  restoreNavigation,
} from './navigation';
import type { NavigationState } from './navigation';
import { WIZARD_STEPS, type WizardStep } from '../../contracts/quote-steps';
import type { QuoteView } from './types';

const emptyQuote: QuoteView = {};

/** A quote that meets every forward requirement. */
const readyQuote: QuoteView = {
  personalDetails: { firstName: 'Jan', lastName: 'Smit', email: 'jan@example.com', emailVerified: true, userId: 'u-1' },
  farmData: {
    farmLocation: { lat: -31.6, lng: 117.2 },
    paddockSections: [{ id: 's1', name: 'North', area: 40, crop: 'wheat' }],
    zone: 'moderate',
  },
  cropDetails: { byCrop: { wheat: { expectedYield: 2.5, pricePerTonne: 300, hurdlePercentage: 5 } } },
  validationData: {
    sections: {},
    global: {
      isComplete: true,
      completionRate: 100,
      errors: [],
      warnings: [],
      isAllValid: true,
      totalSections: 1,
      completedSections: 1,
      userEnteredSections: 1,
      userEnteredRate: 100,
    },
  },
  estimates: { hail: { premium: 1000 }, selectedCoverageType: 'hail' },
  coverage: { selectedOption: 'submit' },
  status: 'submitted',
};

/** The same quote as a visitor still making their account: no user id yet. */
const visitorQuote: QuoteView = { ...readyQuote, personalDetails: { firstName: 'Jan', lastName: 'Smit', email: 'jan@example.com', emailVerified: true, password: 'a long passphrase' } };

function blocked(from: WizardStep, to: WizardStep, quote: QuoteView, options = {}) {
  const decision = canNavigate(from, to, quote, options);
  return decision.allowed ? null : decision.reason;
}

describe('canNavigate: back and same step (docs/behaviour.md §4)', () => {
  it('always allows going back or staying, whatever the quote', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WIZARD_STEPS), fc.constantFrom(...WIZARD_STEPS), (from, to) => {
        fc.pre(WIZARD_STEPS.indexOf(to) <= WIZARD_STEPS.indexOf(from));
        expect(canNavigate(from, to, emptyQuote)).toEqual({ allowed: true });
      }),
    );
  });
});

describe('canNavigate: jumps', () => {
  it('refuses a forward jump of more than one step even when every requirement holds', () => {
    expect(blocked('personal-details', 'password-creation', visitorQuote)).toBe(STEP_JUMP_BLOCK_REASON);
    expect(blocked('get-started', 'protection-calculator', readyQuote)).toBe(STEP_JUMP_BLOCK_REASON);
    expect(blocked('personal-details', 'success', readyQuote)).toBe(STEP_JUMP_BLOCK_REASON);
  });

  it('allows any jump, and skips requirements, when validation is skipped', () => {
    expect(canNavigate('personal-details', 'success', emptyQuote, { skipValidation: true })).toEqual({ allowed: true });
    expect(canNavigate('personal-details', 'email-verification', emptyQuote, { skipValidation: true })).toEqual({ allowed: true });
  });

  it('allows one step forward when the requirement holds', () => {
    for (let index = 0; index < WIZARD_STEPS.length - 1; index += 1) {
      const from = WIZARD_STEPS[index] as WizardStep;
      const to = WIZARD_STEPS[index + 1] as WizardStep;
      expect(canNavigate(from, to, readyQuote)).toEqual({ allowed: true });
    }
  });
});

describe('canNavigate: forward requirements and their exact block messages (docs/behaviour.md §4, §8)', () => {
  it('email-verification needs first name, last name and email', () => {
    const message = 'Personal details must be completed before email verification';
    expect(blocked('personal-details', 'email-verification', emptyQuote)).toBe(message);
    expect(blocked('personal-details', 'email-verification', { personalDetails: { firstName: 'A', lastName: 'B', email: '  ' } })).toBe(message);
    expect(blocked('personal-details', 'email-verification', { personalDetails: { firstName: 'A', email: 'a@b.au' } })).toBe(message);
    expect(blocked('personal-details', 'email-verification', { personalDetails: { lastName: 'B', email: 'a@b.au' } })).toBe(message);
    expect(blocked('personal-details', 'email-verification', { personalDetails: { firstName: 'A', lastName: 'B', email: 'a@b.au' } })).toBeNull();
  });

  it('password-creation needs a verified email', () => {
    const message = 'Email must be verified before password creation';
    expect(blocked('email-verification', 'password-creation', { personalDetails: { emailVerified: false } })).toBe(message);
    expect(blocked('email-verification', 'password-creation', emptyQuote)).toBe(message);
    expect(blocked('email-verification', 'password-creation', { personalDetails: { emailVerified: true } })).toBeNull();
  });

  it('product-disclosure needs a password or a user id', () => {
    const message = 'Password must be set before proceeding to disclosures';
    expect(blocked('password-creation', 'product-disclosure', emptyQuote)).toBe(message);
    expect(blocked('password-creation', 'product-disclosure', { personalDetails: { password: '' } })).toBe(message);
    expect(blocked('password-creation', 'product-disclosure', { personalDetails: { password: 'correct horse' } })).toBeNull();
    expect(blocked('password-creation', 'product-disclosure', { personalDetails: { userId: 'u-1' } })).toBeNull();
  });

  it('get-started has no requirement', () => {
    expect(blocked('product-disclosure', 'get-started', emptyQuote)).toBeNull();
  });

  it('farm-mapping needs a farm location or an address', () => {
    const message = 'Farm location must be provided before mapping';
    expect(blocked('get-started', 'farm-mapping', emptyQuote)).toBe(message);
    expect(blocked('get-started', 'farm-mapping', { farmData: { address: ' ' } })).toBe(message);
    expect(blocked('get-started', 'farm-mapping', { farmData: { farmLocation: { lat: Number.NaN, lng: 117 } } })).toBe(message);
    expect(blocked('get-started', 'farm-mapping', { farmData: { address: '1 Great Eastern Hwy, Merredin WA' } })).toBeNull();
    expect(blocked('get-started', 'farm-mapping', { farmData: { farmLocation: { lat: -31.5, lng: 118.3 } } })).toBeNull();
  });

  it('protection-calculator needs at least one paddock section', () => {
    const message = 'Farm map must be completed before protection calculator';
    expect(blocked('farm-mapping', 'protection-calculator', { farmData: { paddockSections: [] } })).toBe(message);
    expect(blocked('farm-mapping', 'protection-calculator', emptyQuote)).toBe(message);
    expect(blocked('farm-mapping', 'protection-calculator', { farmData: { paddockSections: [{ id: 'a' }] } })).toBeNull();
  });

  it('estimate-display with enhanced validation (the default) needs all crop details valid and 100% complete', () => {
    const message = 'All crop details must be completed and valid before generating estimates';
    const global = readyQuote.validationData?.global;
    if (global === undefined) throw new Error('fixture');
    const withGlobal = (changes: Partial<typeof global>): QuoteView => ({ ...readyQuote, validationData: { global: { ...global, ...changes } } });
    expect(blocked('protection-calculator', 'estimate-display', withGlobal({}))).toBeNull();
    expect(blocked('protection-calculator', 'estimate-display', withGlobal({}), { enhancedValidation: true })).toBeNull();
    expect(blocked('protection-calculator', 'estimate-display', withGlobal({ completionRate: 99 }))).toBe(message);
    expect(blocked('protection-calculator', 'estimate-display', withGlobal({ isAllValid: false }))).toBe(message);
    // Crop details exist but were never validated: still refused under enhanced validation.
    expect(blocked('protection-calculator', 'estimate-display', { cropDetails: readyQuote.cropDetails })).toBe(message);
  });

  it('estimate-display without enhanced validation needs some crop or group details', () => {
    const message = 'Crop details must be provided before generating estimates';
    const off = { enhancedValidation: false };
    expect(blocked('protection-calculator', 'estimate-display', emptyQuote, off)).toBe(message);
    expect(blocked('protection-calculator', 'estimate-display', { cropDetails: { byCrop: {}, groupDetails: {} } }, off)).toBe(message);
    expect(blocked('protection-calculator', 'estimate-display', { cropDetails: { byCrop: { wheat: {} } } }, off)).toBeNull();
    expect(blocked('protection-calculator', 'estimate-display', { cropDetails: { groupDetails: { g1: { id: 'g1' } } } }, off)).toBeNull();
  });

  it('final-submission needs a selected coverage type and a selected option', () => {
    const message = 'Coverage type and option must be selected before final submission';
    expect(blocked('estimate-display', 'final-submission', emptyQuote)).toBe(message);
    expect(blocked('estimate-display', 'final-submission', { estimates: { selectedCoverageType: 'both' } })).toBe(message);
    expect(blocked('estimate-display', 'final-submission', { coverage: { selectedOption: 'submit' } })).toBe(message);
    expect(blocked('estimate-display', 'final-submission', { estimates: { selectedCoverageType: 'both' }, coverage: { selectedOption: 'callback' } })).toBeNull();
  });

  it('success needs status submitted or completed', () => {
    const message = 'Quote must be submitted before success page';
    expect(blocked('final-submission', 'success', emptyQuote)).toBe(message);
    expect(blocked('final-submission', 'success', { status: 'draft' })).toBe(message);
    expect(blocked('final-submission', 'success', { status: 'saved' })).toBe(message);
    expect(blocked('final-submission', 'success', { status: 'submitted' })).toBeNull();
    expect(blocked('final-submission', 'success', { status: 'completed' })).toBeNull();
  });

  it('checks what is needed to ENTER a step, not to leave it', () => {
    expect(entryBlockReason('personal-details', emptyQuote)).toBeNull();
    // Leaving email-verification with no names is fine; entering password-creation needs verification.
    expect(blocked('email-verification', 'password-creation', { personalDetails: { emailVerified: true } })).toBeNull();
  });
});

describe('navigation bookkeeping', () => {
  it('marks a step completed when moving away from it, and keeps history', () => {
    let state = initialNavigation();
    state = recordStepChange(state, 'email-verification');
    state = recordStepChange(state, 'personal-details');
    state = recordStepChange(state, 'email-verification');
    expect(state).toEqual({
      currentStep: 'email-verification',
      history: ['personal-details', 'email-verification', 'personal-details'],
      completedSteps: ['personal-details', 'email-verification'],
    });
    expect(recordStepChange(state, 'email-verification')).toBe(state);
  });

  it('records an allowed move and leaves the state alone on a refused one', () => {
    const start = initialNavigation();
    const refused = navigate(start, 'email-verification', emptyQuote);
    expect(refused.decision).toEqual({ allowed: false, reason: 'Personal details must be completed before email verification' });
    expect(refused.navigation).toBe(start);
    const allowed = goForward(start, visitorQuote);
    expect(allowed.decision.allowed).toBe(true);
    expect(allowed.navigation.currentStep).toBe('email-verification');
    expect(allowed.navigation.completedSteps).toEqual(['personal-details']);
  });

  it('passes over the account steps a signed-in member has been through, forward and back, and only those', () => {
    const member = goForward(initialNavigation(), readyQuote);
    expect(member.decision.allowed).toBe(true);
    expect(member.navigation.currentStep).toBe('product-disclosure');
    expect(canNavigate('personal-details', 'product-disclosure', readyQuote)).toEqual({ allowed: true });
    expect(goBack({ currentStep: 'product-disclosure', history: [], completedSteps: [] }, readyQuote).navigation.currentStep).toBe('personal-details');
    // A member whose e-mail is not verified (changed on the first step) goes through verification again.
    const changedEmail = { ...readyQuote, personalDetails: { ...readyQuote.personalDetails, emailVerified: false } };
    expect(goForward(initialNavigation(), changedEmail).navigation.currentStep).toBe('email-verification');
    expect(blocked('personal-details', 'get-started', readyQuote)).toBe(STEP_JUMP_BLOCK_REASON);
  });

  it('moves back one step along the full order', () => {
    const state: NavigationState = { currentStep: 'protection-calculator', history: [], completedSteps: [] };
    expect(goBack(state, emptyQuote).navigation.currentStep).toBe('farm-mapping');
    expect(goBack(initialNavigation(), emptyQuote).decision.allowed).toBe(false);
    expect(goForward({ currentStep: 'success', history: [], completedSteps: [] }, readyQuote).decision.allowed).toBe(false);
  });

  it('the visible-step move accepts only visible steps', () => {
    const state: NavigationState = { currentStep: 'get-started', history: [], completedSteps: [] };
    expect(goToVisibleStep(state, 'farm-mapping', readyQuote).decision).toEqual({ allowed: false, reason: NOT_A_VISIBLE_STEP_REASON });
    expect(goToVisibleStep(state, 'email-verification', readyQuote).decision.allowed).toBe(false);
    expect(goToVisibleStep(state, 'bogus', readyQuote).decision.allowed).toBe(false);
    expect(goToVisibleStep(state, 'personal-details', readyQuote).navigation.currentStep).toBe('personal-details');
    // A visible step two places ahead (over hidden farm-mapping) is still a jump.
    expect(goToVisibleStep(state, 'protection-calculator', readyQuote).decision).toEqual({ allowed: false, reason: STEP_JUMP_BLOCK_REASON });
    expect(goToVisibleStep(state, 'protection-calculator', readyQuote, { skipValidation: true }).navigation.currentStep).toBe('protection-calculator');
  });

  it('restoring with no history or completed list rebuilds both from the steps before the current one', () => {
    const before = ['personal-details', 'email-verification', 'password-creation', 'product-disclosure', 'get-started'];
    expect(restoreNavigation({ currentStep: 'farm-mapping' })).toEqual({ currentStep: 'farm-mapping', history: before, completedSteps: before });
    expect(restoreNavigation({ currentStep: 'farm-mapping', history: [], completedSteps: ['get-started'] }).history).toEqual(before);
    expect(restoreNavigation({ currentStep: 'farm-mapping', history: ['get-started'], completedSteps: null }).completedSteps).toEqual(before);
    expect(restoreNavigation({ currentStep: 'personal-details' })).toEqual(initialNavigation());
  });

  it('restoring with both lists keeps them, dropping unknown steps', () => {
    expect(restoreNavigation({ currentStep: 'get-started', history: ['personal-details', 'x'], completedSteps: ['personal-details', 7] })).toEqual({
      currentStep: 'get-started',
      history: ['personal-details'],
      completedSteps: ['personal-details'],
    });
  });
});
