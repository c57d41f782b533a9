import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../../lib/api-client';

/** GET /api/support-requests: the signed-in person's requests for help and the answers staff sent, newest first. */
export const myRequestsQueryOptions = () =>
  queryOptions({
    queryKey: ['support-requests', 'mine'],
    queryFn: () => callEndpoint(endpoints.listMine),
  });

export const useMyRequests = () => useQuery(myRequestsQueryOptions());
