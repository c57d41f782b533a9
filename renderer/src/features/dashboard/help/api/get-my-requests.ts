import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberSupportRequestsResponseSchema } from '@shared/contracts/support-requests';
import { apiRequest } from '../../../../lib/api-client';

/** GET /api/support-requests: the signed-in person's requests for help and the answers staff sent, newest first. */
export const myRequestsQueryOptions = () =>
  queryOptions({
    queryKey: ['support-requests', 'mine'],
    queryFn: () => apiRequest('GET', '/api/support-requests', { schema: memberSupportRequestsResponseSchema }),
  });

export const useMyRequests = () => useQuery(myRequestsQueryOptions());
