import { queryOptions } from '@tanstack/react-query';
import { protectionEndpoints } from '@shared/endpoints/protection';
import { callEndpoint } from '../lib/api-client';

/**
 * GET /api/user/fire-risk-survey?userId: whether a member (the person signed in, a broker's client,
 * the customer in support mode) has answered the fire risk survey, and their answers: the quote's
 * survey panel and modal, the dashboard's survey page and prompt. Keyed by the member alone, as
 * signing out reloads the page and so empties the cache.
 */
export const fireRiskSurveyQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: ['fire-risk-survey', memberId],
    queryFn: () => callEndpoint(protectionEndpoints.fireRiskSurvey, { query: { userId: memberId } }),
    enabled: memberId !== '',
  });
