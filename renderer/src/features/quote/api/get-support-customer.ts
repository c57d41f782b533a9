import { supportCustomerDataResponseSchema } from '@shared/contracts/support';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/support/customer-data?customerId: the customer a member of staff quotes for in support mode. */
export const getSupportCustomer = (customerId: string) => apiRequest('GET', `/api/admin/support/customer-data?customerId=${encodeURIComponent(customerId)}`, { schema: supportCustomerDataResponseSchema });
