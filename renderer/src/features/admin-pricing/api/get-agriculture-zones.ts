import { queryOptions, useQuery } from '@tanstack/react-query';
import { agricultureZoneListSchema } from '@shared/contracts/protection';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/agriculture-zones: the active risk zones with their rates and outlines. */
export const agricultureZonesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'agriculture-zones'],
    queryFn: () => apiRequest('GET', '/api/agriculture-zones', { schema: agricultureZoneListSchema }),
  });

export const useAgricultureZones = () => useQuery(agricultureZonesQueryOptions());
