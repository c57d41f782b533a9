import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/support-requests/assignees: the administrators a request may be given to. */
export const assigneesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'support-requests', 'assignees'],
    queryFn: () => callEndpoint(endpoints.assignees),
    staleTime: 5 * 60_000,
  });

export const useAssignees = () => useQuery(assigneesQueryOptions());
