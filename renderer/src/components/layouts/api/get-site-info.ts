import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/site-info: the registered name, ABN and ACN (server BUSINESS_* variables); they do not
 * change during a visit. The schema loads with the call, which the footer makes once it is near.
 */
export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['site-info'],
    queryFn: async () => apiRequest('GET', '/api/site-info', { schema: (await import('@shared/contracts/public-site')).siteInfoSchema }),
    staleTime: Infinity,
  });

export const useSiteInfo = (enabled: boolean) => useQuery({ ...siteInfoQueryOptions(), enabled });
