import { queryOptions } from '@tanstack/react-query';
import { supportEndpoints } from '@shared/endpoints/support';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/support/customer-data?customerId: the customer a member of staff quotes for in support mode. */
export const supportCustomerQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ['support-customer', customerId],
    queryFn: () => callEndpoint(supportEndpoints.customerData, { query: { customerId } }),
  });
