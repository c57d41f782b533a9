import { queryOptions } from '@tanstack/react-query';
import { brokerEndpoints } from '@shared/endpoints/brokers';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/broker/clients/{id}: the client a broker is quoting for (only their own clients answer). */
export const brokerClientQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ['broker-client', customerId],
    queryFn: () => callEndpoint(brokerEndpoints.client, { params: { id: customerId } }),
  });
