import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/support-requests/:id: the request with its conversation and internal notes. */
export const supportRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'support-requests', 'detail', id],
    queryFn: () => callEndpoint(endpoints.detail, { params: { id } }),
  });

export const useSupportRequest = (id: string) => useQuery(supportRequestQueryOptions(id));
