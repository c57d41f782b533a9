import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportRequestDetailResponseSchema } from '@shared/contracts/support-requests';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/support-requests/:id: the request with its conversation and internal notes. */
export const supportRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'support-requests', 'detail', id],
    queryFn: () => apiRequest('GET', `/api/admin/support-requests/${encodeURIComponent(id)}`, { schema: supportRequestDetailResponseSchema }),
  });

export const useSupportRequest = (id: string) => useQuery(supportRequestQueryOptions(id));
