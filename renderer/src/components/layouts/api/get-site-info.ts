import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteInfoSchema } from '@shared/contracts/public-site';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/site-info: the registered name, ABN and ACN (server BUSINESS_* variables); they do not change during a visit. */
export const siteInfoQueryOptions = () => queryOptions({ queryKey: ['site-info'], queryFn: () => apiRequest('GET', '/api/site-info', { schema: siteInfoSchema }), staleTime: Infinity });

export const useSiteInfo = () => useQuery(siteInfoQueryOptions());
