import { queryOptions } from '@tanstack/react-query';
import { supportCustomerDataResponseSchema } from '@shared/contracts/support';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/support/customer-data?customerId: the customer a member of staff quotes for in support mode. */
export const supportCustomerQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ['support-customer', customerId],
    queryFn: () => apiRequest('GET', `/api/admin/support/customer-data?customerId=${encodeURIComponent(customerId)}`, { schema: supportCustomerDataResponseSchema }),
  });
