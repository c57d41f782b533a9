import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientListSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { viewerKey } from './scope';

/** GET /api/broker/clients: a broker's clients with their farm, quotes, protections and claims. */
export const clientsQueryOptions = (viewerId: string, isBroker: boolean) =>
  queryOptions({
    queryKey: [...viewerKey(viewerId), 'clients'],
    queryFn: () => apiRequest('GET', '/api/broker/clients', { schema: clientListSchema }),
    enabled: viewerId !== '' && isBroker,
  });

export const useClients = (viewerId: string, isBroker: boolean) => useQuery(clientsQueryOptions(viewerId, isBroker));
