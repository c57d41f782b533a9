import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * GET /api/site-info: the registered name, ABN and ACN (server BUSINESS_* variables); they do not
 * change during a visit. The endpoint (and its schema) loads with the call, which the footer makes once it is near.
 */
export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['site-info'],
    queryFn: async () => callEndpoint((await import('@shared/endpoints/public-site')).publicSiteEndpoints.siteInfo),
    staleTime: Infinity,
  });

export const useSiteInfo = (enabled: boolean) => useQuery({ ...siteInfoQueryOptions(), enabled });
