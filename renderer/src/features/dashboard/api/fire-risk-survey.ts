import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fireRiskSurveyStatusSchema, type FireRiskAnswers } from '@shared/contracts/fire-risk-survey';
import { submitFireRiskSurvey } from '../../../components/fire-risk-survey/survey-questions';
import { apiRequest } from '../../../lib/api-client';
import { type RecordScope, scopeKey } from './scope';

/** GET /api/user/fire-risk-survey (?userId for a broker's client): whether the survey is answered, and the answers. */
export const fireRiskSurveyQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'fire-risk-survey'],
    queryFn: () => apiRequest('GET', scope.memberId ? `/api/user/fire-risk-survey?userId=${encodeURIComponent(scope.memberId)}` : '/api/user/fire-risk-survey', { schema: fireRiskSurveyStatusSchema }),
    enabled: scope.viewerId !== '',
  });

export const useFireRiskSurvey = (scope: RecordScope) => useQuery(fireRiskSurveyQueryOptions(scope));

/** POST /api/user/fire-risk-survey; the answer replaces the status the page shows. */
export function useSendFireRiskSurvey(scope: RecordScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: FireRiskAnswers) => submitFireRiskSurvey(scope.memberId ?? null, answers),
    onSuccess: (status) => queryClient.setQueryData(fireRiskSurveyQueryOptions(scope).queryKey, status),
  });
}
