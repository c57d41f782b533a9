import { queryOptions, useQuery } from '@tanstack/react-query';
import { brokerEndpoints } from '@shared/endpoints/brokers';
import { callEndpoint } from '../../../lib/api-client';
import { viewerKey } from '../../../api/scope';

/** GET /api/broker/clients: a broker's clients with their farm, quotes, protections and claims. */
export const clientsQueryOptions = (viewerId: string, isBroker: boolean) =>
  queryOptions({
    queryKey: [...viewerKey(viewerId), 'clients'],
    queryFn: () => callEndpoint(brokerEndpoints.clients),
    enabled: viewerId !== '' && isBroker,
  });

export const useClients = (viewerId: string, isBroker: boolean) => useQuery(clientsQueryOptions(viewerId, isBroker));
