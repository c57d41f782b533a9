import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardEndpoints } from '@shared/endpoints/dashboard';
import { callEndpoint } from '../lib/api-client';
import { type RecordScope, scopeKey } from './scope';

/**
 * GET /api/dashboard/protections: every application and protection of a member with its paddocks and
 * figures: the member's dashboard, their broker's and a support session's, and staff's Member
 * Paddocks (`memberId` named).
 */
export const protectionsQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'protections'],
    queryFn: () => callEndpoint(dashboardEndpoints.protections, { query: { memberId: scope.memberId } }),
    enabled: scope.viewerId !== '',
  });

export const useProtections = (scope: RecordScope) => useQuery(protectionsQueryOptions(scope));

/** After staff move an application or record a payment: the member's protections, whoever is viewing them, are read again. */
export const invalidateProtectionsOf = (client: QueryClient, memberId: string) =>
  client.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === 'dashboard' && queryKey[2] === memberId && queryKey[3] === 'protections' });
