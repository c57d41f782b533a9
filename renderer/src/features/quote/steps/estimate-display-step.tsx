import { COVERAGE_TYPE_DESCRIPTIONS, COVERAGE_TYPES } from '@shared/constants';
import { useQuoteStore } from '../../../stores/quote-store';
import { useUiStore } from '../../../stores/ui-store';
import styles from '../quote-wizard.module.css';
import { StepFrame } from './step-frame';

/** What the member wants to do with the estimate: coverage.selectedOption. */
export const ESTIMATE_OPTIONS = [
  { value: 'submit', label: 'Submit my quote' },
  { value: 'callback', label: 'Ask the mutual to call me first' },
] as const;

/**
 * Step 8: the coverage type and what to do next. The premium figures for each type are added with
 * the pricing work; choosing here is what the final step needs.
 */
export function EstimateDisplayStep() {
  const selected = useQuoteStore((state) => state.estimates.selectedCoverageType);
  const option = useQuoteStore((state) => state.coverage.selectedOption);
  return (
    <StepFrame intro={<p>Choose the protection you want and how you would like to go on.</p>}>
      <fieldset className={styles.fieldset}>
        <legend>Protection</legend>
        {COVERAGE_TYPES.map((type) => (
          <label key={type} className={styles.choice}>
            <input type="radio" name="coverage-type" value={type} checked={selected === type} onChange={() => useQuoteStore.getState().setSelectedCoverageType(type)} />
            <span>{COVERAGE_TYPE_DESCRIPTIONS[type]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Next</legend>
        {ESTIMATE_OPTIONS.map((item) => (
          <label key={item.value} className={styles.choice}>
            <input type="radio" name="estimate-option" value={item.value} checked={option === item.value} onChange={() => useQuoteStore.getState().setSelectedOption(item.value)} />
            <span>{item.label}</span>
          </label>
        ))}
      </fieldset>
      {selected !== 'hail' && selected !== undefined && (
        <p>
          <button type="button" className="button" onClick={() => useUiStore.getState().openModal('fireRiskSurvey')}>
            About the fire risk survey
          </button>
        </p>
      )}
    </StepFrame>
  );
}
