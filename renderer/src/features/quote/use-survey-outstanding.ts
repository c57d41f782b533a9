import { useSessionStore } from '../../stores/session-store';
import { useQuoteStore } from './stores/quote-store';

/** Fire and lightning cover is chosen and the fire risk survey is not answered yet: no screen then says the quote is complete. */
export function useSurveyOutstanding(): boolean {
  const selected = useQuoteStore((state) => state.estimates.selectedCoverageType);
  const completed = useSessionStore((state) => state.fireRiskSurvey.hasCompleted);
  const inQuote = useQuoteStore((state) => state.personalDetails.hasCompletedSurvey);
  return selected !== undefined && selected !== 'hail' && !completed && !inQuote;
}
