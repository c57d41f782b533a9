import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportRequestAssigneesResponseSchema } from '@shared/contracts/support-requests';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/support-requests/assignees: the administrators a request may be given to. */
export const assigneesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'support-requests', 'assignees'],
    queryFn: () => apiRequest('GET', '/api/admin/support-requests/assignees', { schema: supportRequestAssigneesResponseSchema }),
    staleTime: 5 * 60_000,
  });

export const useAssignees = () => useQuery(assigneesQueryOptions());
