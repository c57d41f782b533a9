import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoiceListSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { type RecordScope, scopedPath, scopeKey } from './scope';

/** GET /api/invoices: membership and contribution invoices with GST, schedule, payments and receipts. */
export const invoicesQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'invoices'],
    queryFn: () => apiRequest('GET', scopedPath('/api/invoices', scope.memberId), { schema: invoiceListSchema }),
    enabled: scope.viewerId !== '',
  });

export const useInvoices = (scope: RecordScope) => useQuery(invoicesQueryOptions(scope));
