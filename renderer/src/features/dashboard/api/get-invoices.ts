import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@shared/endpoints/billing';
import { callEndpoint } from '../../../lib/api-client';
import { type RecordScope, scopeKey } from '../../../api/scope';

/** GET /api/invoices: membership and contribution invoices with GST, schedule, payments and receipts. */
export const invoicesQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'invoices'],
    queryFn: () => callEndpoint(billingEndpoints.invoices, { query: { memberId: scope.memberId } }),
    enabled: scope.viewerId !== '',
  });

export const useInvoices = (scope: RecordScope) => useQuery(invoicesQueryOptions(scope));
