import { clientAccountSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/broker/clients/{id}: the client a broker is quoting for (only their own clients answer). */
export const getBrokerClient = (customerId: string) => apiRequest('GET', `/api/broker/clients/${encodeURIComponent(customerId)}`, { schema: clientAccountSchema });
