import { queryOptions } from '@tanstack/react-query';
import { SURVEY_STATUS_FAILED_MESSAGE, type FireRiskSurveyStatus } from '@shared/contracts/fire-risk-survey';
import { getFireRiskSurvey } from '../../../components/fire-risk-survey/survey-questions';
import { useQuoteStore } from '../stores/quote-store';
import { useSessionStore } from '../../../stores/session-store';

/**
 * The member's survey status, handed to the session store's fireRiskSurvey area (SPEC §3) and, once
 * completed, into the quote, where drafts and the submission carry it. A failure is logged and
 * shown as 'Failed to check survey status' (SPEC §8), with a retry.
 */
export const fireRiskSurveyQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['quote', 'fire-risk-survey', userId],
    queryFn: async () => {
      useSessionStore.getState().setFireRiskSurvey({ isLoading: true, error: null });
      try {
        const status = await getFireRiskSurvey(userId);
        applyFireRiskSurveyStatus(status);
        return status;
      } catch (error) {
        console.error(SURVEY_STATUS_FAILED_MESSAGE, error);
        useSessionStore.getState().setFireRiskSurvey({ isLoading: false, error: SURVEY_STATUS_FAILED_MESSAGE });
        throw error;
      }
    },
    retry: false,
  });

/** Records a survey status (loaded, or the answer to sending the survey) in the session store and the quote. */
export function applyFireRiskSurveyStatus(status: FireRiskSurveyStatus) {
  useSessionStore.getState().setFireRiskSurvey({ hasCompleted: status.hasCompleted, data: status.surveyData?.answers ?? null, isLoading: false, error: null });
  if (!status.hasCompleted || status.surveyData === null) return;
  const data = { ...status.surveyData.answers, completedAt: status.surveyData.completedAt };
  const quote = useQuoteStore.getState();
  quote.updatePersonalDetails({ hasCompletedSurvey: true, fireRiskSurveyData: data });
  quote.updateCoverage({ fireRiskSurveyData: data });
}
