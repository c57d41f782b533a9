import { checkQuoteReady } from '@shared/domain/quote/readiness';
import { useQuoteStore } from '../../../stores/quote-store';
import { useUiStore } from '../../../stores/ui-store';
import styles from '../quote-wizard.module.css';
import { STEP_TITLES } from '../step-titles';
import { useWizard } from '../wizard-context';
import { StepFrame } from './step-frame';

/** Step 9: the quote ready check (SPEC §5), listing what is still missing and where to fix it. */
export function FinalSubmissionStep() {
  const wizard = useWizard();
  const quote = useQuoteStore();
  const readiness = checkQuoteReady(quote);
  return (
    <StepFrame hideContinue intro={<p>Check your quote before it goes to the mutual.</p>}>
      {!wizard.canWrite && <p className={styles.noticeWarning}>Support mode at read level: this quote cannot be submitted from here.</p>}
      {readiness.isReady ? (
        <p className={styles.noticeInfo}>Your quote has everything it needs.</p>
      ) : (
        <section className={styles.panel} aria-labelledby="still-needed">
          <h2 id="still-needed">Still needed</h2>
          <ul>
            {readiness.missing.map((gap) => (
              <li key={gap.part}>
                {gap.message} <span className={styles.hint}>({STEP_TITLES[gap.step]})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <button type="button" className="button" onClick={() => useUiStore.getState().openModal('validation')}>
          Check my quote
        </button>
      </p>
    </StepFrame>
  );
}
