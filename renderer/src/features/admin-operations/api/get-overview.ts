import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOperationsEndpoints } from '@shared/endpoints/admin-operations';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/overview: the season's figures on the admin dashboard. */
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: () => callEndpoint(adminOperationsEndpoints.overview),
  });

export const useOverview = () => useQuery(overviewQueryOptions());
