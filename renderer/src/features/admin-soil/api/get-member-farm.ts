import { queryOptions, useQuery } from '@tanstack/react-query';
import { soilFarmSchema } from '@shared/contracts/soil';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** GET /api/admin/soil-samples/farm: a member's paddocks and every sample of theirs, for the map and the history. */
export const memberFarmQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: ['admin', 'soil', 'farm', memberId],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/soil-samples/farm', { memberId }), { schema: soilFarmSchema }),
    enabled: memberId !== '',
  });

export const useMemberFarm = (memberId: string) => useQuery(memberFarmQueryOptions(memberId));
