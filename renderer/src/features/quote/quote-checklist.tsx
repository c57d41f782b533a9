import { checkQuoteReady } from '@shared/domain/quote/readiness';
import { useQuoteStore } from './stores/quote-store';
import { sectionGaps } from './calculator';
import styles from './pricing-steps.module.css';
import { STEP_TITLES } from './step-titles';
import { useSurveyOutstanding } from './use-survey-outstanding';

/**
 * The validation modal's content (docs/behaviour.md §2 modal validation): per paddock section what is missing or
 * wrong, then what the quote as a whole still needs (docs/behaviour.md §5 quote ready check) and on which step.
 */
export function QuoteChecklist() {
  const quote = useQuoteStore();
  const { global } = quote.validationData;
  const gaps = sectionGaps(quote).filter((gap) => gap.missing.length > 0 || gap.errors.length > 0);
  const readiness = checkQuoteReady(quote);
  const surveyOutstanding = useSurveyOutstanding();
  return (
    <div data-testid="quote-checklist">
      <p>
        Crop details complete for {global.completedSections} of {global.totalSections} paddock sections ({global.completionRate}%); details entered for {global.userEnteredRate}%.
      </p>
      {gaps.length > 0 && (
        <>
          <h3>Paddocks to finish</h3>
          <ul className={styles.gapList}>
            {gaps.map((gap) => (
              <li key={gap.sectionId}>
                <strong>{gap.sectionName}</strong>
                <ul>
                  {gap.errors.map((error) => (
                    <li key={error} className={styles.errorText}>
                      {error}
                    </li>
                  ))}
                  {gap.missing.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
      {readiness.isReady ? (
        <p>{surveyOutstanding ? 'Your quote has everything it needs except the fire risk survey, which fire and lightning protection asks for.' : 'Your quote has everything it needs.'}</p>
      ) : (
        <>
          <h3>Still needed</h3>
          <ul>
            {readiness.missing.map((gap) => (
              <li key={gap.part}>
                {gap.message} <span className={styles.muted}>({STEP_TITLES[gap.step]})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
