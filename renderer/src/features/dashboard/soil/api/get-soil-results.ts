import { queryOptions, useQuery } from '@tanstack/react-query';
import { soilEndpoints as endpoints } from '@shared/endpoints/soil';
import { callEndpoint } from '../../../../lib/api-client';
import { type RecordScope, scopeKey } from '../../../../api/scope';

/**
 * GET /api/user/soil-samples: the member's paddocks and soil samples. `farmVersion` is when the
 * farm was last read or saved: a farm saved on the same page (a paddock renamed or added) reads
 * the soil results again under the new names.
 */
export const soilResultsQueryOptions = (scope: RecordScope, farmVersion: number) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'soil', farmVersion],
    queryFn: () => callEndpoint(endpoints.memberSamples, { query: { memberId: scope.memberId } }),
    enabled: scope.viewerId !== '',
  });

export const useSoilResults = (scope: RecordScope, farmVersion: number) => useQuery(soilResultsQueryOptions(scope, farmVersion));
