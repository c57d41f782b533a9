import { wizardProgress } from '@shared/domain/quote/progress';
import type { WizardStep } from '@shared/contracts/quote-steps';
import { useUiStore } from '../../../stores/ui-store';
import styles from '../quote-wizard.module.css';
import { STEP_TITLES } from '../step-titles';

/**
 * docs/behaviour.md §2: position in the visible list ÷ (count − 1), rounded; shown while the progress indicator
 * flag is on. The wizard reports its total as 6 steps (docs/behaviour.md §9) while 8 steps are visible, so the
 * bar shows a percentage rather than a count that could not add up; the total is on the element.
 */
export function ProgressBar({ step }: { step: WizardStep }) {
  const visible = useUiStore((state) => state.flags.progressIndicator);
  if (!visible) return null;
  const progress = wizardProgress(step);
  return (
    <div className={styles.progress} data-total-steps={progress.totalStepsReported}>
      <div className={styles.progressText}>
        <span>{STEP_TITLES[step]}</span>
        <span>{progress.percentage}% complete</span>
      </div>
      <div className={styles.progressTrack} role="progressbar" aria-label="Quote progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percentage} data-testid="wizard-progress">
        <div className={styles.progressFill} style={{ width: `${progress.percentage}%` }} />
      </div>
    </div>
  );
}
