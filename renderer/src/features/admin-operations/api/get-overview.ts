import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOverviewResponseSchema } from '@shared/contracts/admin-operations';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/overview: the season's figures on the admin dashboard. */
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: () => apiRequest('GET', '/api/admin/overview', { schema: adminOverviewResponseSchema }),
  });

export const useOverview = () => useQuery(overviewQueryOptions());
