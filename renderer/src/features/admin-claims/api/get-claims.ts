import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLAIM_PERILS, CLAIM_STATUSES } from '@shared/contracts/claims';
import { claimEndpoints } from '@shared/endpoints/claims';
import { callEndpoint } from '../../../lib/api-client';
import { oneOf } from '../../../lib/query-string';
import { pagedList } from '../../../lib/react-query';

export const CLAIMS_PAGE_SIZE = 20;

export interface ClaimFilters {
  status: string;
  peril: string;
  member: string;
  /** A stored event's id: its claims (docs/alerts.md 'Claims from alerts'). */
  event: string;
  page: number;
}

/** The list's filters as the endpoint takes them: empty ones left out. */
const filterQuery = ({ status, peril, member, event }: ClaimFilters) => ({ status: oneOf(CLAIM_STATUSES, status), peril: oneOf(CLAIM_PERILS, peril), member: member || undefined, event: event || undefined });

/** GET /api/admin/claims: one page of every member's claims, filtered, most recently changed first. */
export const claimsQueryOptions = (filters: ClaimFilters) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'claims', filters],
      queryFn: () => callEndpoint(claimEndpoints.staffList, { query: { ...filterQuery(filters), page: filters.page, pageSize: CLAIMS_PAGE_SIZE } }),
    }),
  );

export const useClaims = (filters: ClaimFilters) => useQuery(claimsQueryOptions(filters));
