// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import styles from '../quote-wizard.module.css';
import { StepFrame } from '../steps/step-frame';
import { WizardContext } from '../wizard-context';
import { ProgressBar } from './progress-bar';
import { stubWizard } from '../../../testing/wizard';

/**
 * docs/behaviour.md §2 interface flags as a person sees them in the wizard: the progress indicator (default on)
 * and sticky buttons. Enhanced validation is in quote-page.saved-estimate.test.tsx, the stored
 * preferences in stores/ui-store.test.ts and, in the browser, e2e/spec-rows.spec.ts.
 */
const wizard = stubWizard();

const fresh = useUiStore.getState();
beforeEach(() => {
  localStorage.clear();
  useUiStore.setState(fresh, true);
});
afterEach(cleanup);

describe('the progress indicator flag (docs/behaviour.md §2, default on)', () => {
  it('shows the step and how far along the visible steps it is, and goes when the flag is switched off', () => {
    render(<ProgressBar step="protection-calculator" />);
    // The 5th of 8 visible steps: 4 / 7, rounded.
    const bar = screen.getByRole('progressbar', { name: 'Quote progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('57');
    expect(screen.getByText('57% complete')).toBeTruthy();
    expect(screen.getByText('Crops and protection')).toBeTruthy();

    act(() => useUiStore.getState().setFlag('progressIndicator', false));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText('57% complete')).toBeNull();

    act(() => useUiStore.getState().setFlag('progressIndicator', true));
    expect(screen.getByRole('progressbar', { name: 'Quote progress' })).toBeTruthy();
  });
});

describe('the sticky buttons flag (docs/behaviour.md §2)', () => {
  it('keeps Back and Continue in a bar fixed to the bottom of the screen while on, in the page’s flow when off', () => {
    render(
      <WizardContext.Provider value={wizard}>
        <StepFrame>
          <p>A long step</p>
        </StepFrame>
      </WizardContext.Provider>,
    );
    const bar = () => screen.getByRole('button', { name: 'Continue' }).parentElement!;
    expect(screen.getByRole('button', { name: 'Back' }).parentElement).toBe(bar());
    expect(bar().classList.contains(styles.sticky!)).toBe(true);

    act(() => useUiStore.getState().setFlag('stickyButtons', false));
    expect(bar().classList.contains(styles.sticky!)).toBe(false);
    expect(bar().classList.contains(styles.actions!)).toBe(true);
  });
});
