import { describe, expect, it } from 'vitest';
import { INITIAL_WIZARD_STEP, VISIBLE_STEPS, isVisibleStep, isWizardStep, nextStep, parseWizardQuery, previousStep, stepsBefore } from './steps';
import { WIZARD_STEPS } from '../../contracts/quote-steps';

describe('wizard steps (docs/behaviour.md §2)', () => {
  it('lists the ten steps in full order and starts at personal-details', () => {
    expect(WIZARD_STEPS).toEqual([
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
    ]);
    expect(INITIAL_WIZARD_STEP).toBe('personal-details');
  });

  it('hides email-verification and farm-mapping from the visible steps', () => {
    expect(VISIBLE_STEPS).toEqual(['personal-details', 'password-creation', 'product-disclosure', 'get-started', 'protection-calculator', 'estimate-display', 'final-submission', 'success']);
    expect(isVisibleStep('farm-mapping')).toBe(false);
    expect(isVisibleStep('email-verification')).toBe(false);
    expect(isVisibleStep('success')).toBe(true);
    expect(isVisibleStep('nonsense')).toBe(false);
  });

  it('moves one step along the full order, hidden steps included', () => {
    expect(nextStep('personal-details')).toBe('email-verification');
    expect(nextStep('get-started')).toBe('farm-mapping');
    expect(nextStep('success')).toBeNull();
    expect(previousStep('protection-calculator')).toBe('farm-mapping');
    expect(previousStep('personal-details')).toBeNull();
    for (const step of WIZARD_STEPS.slice(1)) expect(nextStep(previousStep(step) ?? 'success')).toBe(step);
  });

  it('lists the steps before a step', () => {
    expect(stepsBefore('personal-details')).toEqual([]);
    expect(stepsBefore('password-creation')).toEqual(['personal-details', 'email-verification']);
  });

  it('recognises step names only', () => {
    expect(isWizardStep('get-started')).toBe(true);
    expect(isWizardStep('Get-Started')).toBe(false);
    expect(isWizardStep(3)).toBe(false);
  });
});

describe('parseWizardQuery', () => {
  it('reads step, savedEstimate, support, customerId and draft', () => {
    expect(parseWizardQuery({ step: 'farm-mapping', savedEstimate: 'est-1', support: 'true', customerId: 'c-9', draft: 'draft_1' })).toEqual({
      step: 'farm-mapping',
      savedEstimateId: 'est-1',
      isSupport: true,
      customerId: 'c-9',
      draftId: 'draft_1',
    });
  });

  it('falls back to the first step for a missing or unknown step', () => {
    expect(parseWizardQuery({}).step).toBe('personal-details');
    expect(parseWizardQuery({ step: 'admin' }).step).toBe('personal-details');
    expect(parseWizardQuery({ step: ['estimate-display', 'success'] }).step).toBe('estimate-display');
  });

  it('needs support=true and a customer id for support mode', () => {
    expect(parseWizardQuery({ support: 'true' }).isSupport).toBe(false);
    expect(parseWizardQuery({ support: '1', customerId: 'c' }).isSupport).toBe(false);
    expect(parseWizardQuery({ savedEstimate: '  ' }).savedEstimateId).toBeNull();
  });
});
