import { queryOptions } from '@tanstack/react-query';
import { quoteEndpoints } from '@shared/endpoints/quotes';
import { callEndpoint } from '../../../lib/api-client';

/** Whose estimate it is when someone acts for a member: staff in support mode, or a broker for a client. */
export interface ActingFor {
  customerId: string;
  isSupport: boolean;
}

/** GET /api/estimates/{id}. docs/behaviour.md §6: in support mode it adds isSupport and customerId; a broker names the client with customerId. */
export const savedEstimateQueryOptions = (id: string, actingFor: ActingFor | null) => {
  const query = actingFor === null ? {} : { ...(actingFor.isSupport ? { isSupport: 'true' as const } : {}), customerId: actingFor.customerId };
  return queryOptions({
    queryKey: ['saved-estimate', id, actingFor],
    queryFn: () => callEndpoint(quoteEndpoints.savedEstimate, { params: { id }, query }).then((response) => response.estimate),
  });
};
