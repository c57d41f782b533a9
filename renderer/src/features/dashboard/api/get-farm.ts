import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmEndpoints } from '@shared/endpoints/farm';
import { callEndpoint } from '../../../lib/api-client';
import { type RecordScope, scopeKey } from '../../../api/scope';

/** GET /api/farm/paddocks: the saved farm, else the paddocks of the latest protection. */
export const farmQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'farm'],
    queryFn: () => callEndpoint(farmEndpoints.paddocks, { query: { memberId: scope.memberId } }),
    enabled: scope.viewerId !== '',
  });

export const useFarm = (scope: RecordScope) => useQuery(farmQueryOptions(scope));
