import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminClaimsResponseSchema } from '@shared/contracts/claims';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const CLAIMS_PAGE_SIZE = 20;

export interface ClaimFilters {
  status: string;
  peril: string;
  member: string;
  page: number;
}

/** GET /api/admin/claims: one page of every member's claims, filtered, most recently changed first. */
export const claimsQueryOptions = (filters: ClaimFilters) =>
  queryOptions({
    queryKey: ['admin', 'claims', filters],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/claims', { ...filters, pageSize: CLAIMS_PAGE_SIZE }), { schema: adminClaimsResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useClaims = (filters: ClaimFilters) => useQuery(claimsQueryOptions(filters));
