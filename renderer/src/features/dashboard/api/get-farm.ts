import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { type RecordScope, scopedPath, scopeKey } from './scope';

/** GET /api/farm/paddocks: the saved farm, else the paddocks of the latest protection. */
export const farmQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'farm'],
    queryFn: () => apiRequest('GET', scopedPath('/api/farm/paddocks', scope.memberId), { schema: farmSchema }),
    enabled: scope.viewerId !== '',
  });

export const useFarm = (scope: RecordScope) => useQuery(farmQueryOptions(scope));
