import { queryOptions, useQuery } from '@tanstack/react-query';
import { soilEndpoints as endpoints } from '@shared/endpoints/soil';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/soil-samples/farm: a member's paddocks and every sample of theirs, for the map and the history. */
export const memberFarmQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: ['admin', 'soil', 'farm', memberId],
    queryFn: () => callEndpoint(endpoints.memberFarm, { query: { memberId } }),
    enabled: memberId !== '',
  });

export const useMemberFarm = (memberId: string) => useQuery(memberFarmQueryOptions(memberId));
