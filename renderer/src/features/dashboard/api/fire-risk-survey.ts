import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FireRiskAnswers } from '@shared/contracts/fire-risk-survey';
import { getFireRiskSurvey, submitFireRiskSurvey } from '../../../components/fire-risk-survey/survey-questions';
import { type RecordScope, scopeKey } from './scope';

/** The survey of the member shown: a broker's client, or the viewer themself. */
export const fireRiskSurveyQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'fire-risk-survey'],
    queryFn: () => getFireRiskSurvey(scope.memberId ?? scope.viewerId),
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
