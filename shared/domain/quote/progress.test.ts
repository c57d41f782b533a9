import { describe, expect, it } from 'vitest';
import { WIZARD_TOTAL_STEPS_REPORTED } from '../../constants';
import { displayedVisibleStep, progressPercentage, wizardProgress } from './progress';
import { VISIBLE_STEPS } from './steps';

describe('wizard progress (docs/behaviour.md §2)', () => {
  it.each([
    ['personal-details', 0],
    ['password-creation', 14],
    ['product-disclosure', 29],
    ['get-started', 43],
    ['protection-calculator', 57],
    ['estimate-display', 71],
    ['final-submission', 86],
    ['success', 100],
  ] as const)('%s shows %i%%', (step, percentage) => {
    expect(progressPercentage(step)).toBe(percentage);
  });

  it('is position / (count − 1), rounded, for every visible step', () => {
    VISIBLE_STEPS.forEach((step, index) => {
      expect(progressPercentage(step)).toBe(Math.round((index / 7) * 100));
    });
  });

  it('shows a hidden step as the visible step before it, half a step on, so two steps in never reads 0 %', () => {
    expect(displayedVisibleStep('email-verification')).toBe('personal-details');
    expect(progressPercentage('email-verification')).toBe(7);
    expect(displayedVisibleStep('farm-mapping')).toBe('get-started');
    expect(progressPercentage('farm-mapping')).toBe(50);
  });

  it('reports 6 total steps', () => {
    expect(WIZARD_TOTAL_STEPS_REPORTED).toBe(6);
    expect(wizardProgress('estimate-display')).toEqual({ percentage: 71, visibleIndex: 5, visibleCount: 8, totalStepsReported: 6 });
  });
});
