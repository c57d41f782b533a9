import { queryOptions } from '@tanstack/react-query';
import { clientAccountSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/broker/clients/{id}: the client a broker is quoting for (only their own clients answer). */
export const brokerClientQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ['broker-client', customerId],
    queryFn: () => apiRequest('GET', `/api/broker/clients/${encodeURIComponent(customerId)}`, { schema: clientAccountSchema }),
  });
