import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FireRiskAnswers, FireRiskSurveySubmission } from '@shared/contracts/fire-risk-survey';
import { protectionEndpoints } from '@shared/endpoints/protection';
import { callEndpoint } from '../lib/api-client';
import { fireRiskSurveyQueryOptions } from './get-fire-risk-survey';

/** docs/behaviour.md §3: the client sends a placeholder for its address; the server records the one it sees. */
const CLIENT_ADDRESS_PLACEHOLDER = 'client';

/**
 * POST /api/user/fire-risk-survey: a member's answers (`userId`: theirs, or the client's or customer's
 * someone acts for) with completedAt, a placeholder address and the user agent; the answer replaces
 * the status every survey screen shows.
 */
export function useSendFireRiskSurvey(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: FireRiskAnswers) => {
      const submission: FireRiskSurveySubmission = {
        userId: memberId,
        answers,
        completedAt: new Date().toISOString(),
        ipAddress: CLIENT_ADDRESS_PLACEHOLDER,
        userAgent: navigator.userAgent.slice(0, 500),
      };
      return callEndpoint(protectionEndpoints.sendFireRiskSurvey, { body: submission });
    },
    onSuccess: (status) => queryClient.setQueryData(fireRiskSurveyQueryOptions(memberId).queryKey, status),
  });
}
