import { queryOptions, useQuery } from '@tanstack/react-query';
import { agricultureZoneListSchema } from '@shared/contracts/protection';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/agriculture-zones: the zones the monitor can be filtered by. */
const zonesQueryOptions = () =>
  queryOptions({
    queryKey: ['agriculture-zones'],
    queryFn: () => apiRequest('GET', '/api/agriculture-zones', { schema: agricultureZoneListSchema }),
    staleTime: 5 * 60_000,
  });

export const useZones = () => useQuery(zonesQueryOptions());
