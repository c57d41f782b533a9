import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@shared/endpoints/billing';
import { callEndpoint } from '../../../../lib/api-client';

/** GET /api/admin/invoices?memberId=: a member's invoices with every payment, as staff see them. */
export const memberInvoicesQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: ['admin', 'invoices', memberId],
    queryFn: () => callEndpoint(billingEndpoints.staffInvoices, { query: { memberId } }),
  });

export const useMemberInvoices = (memberId: string) => useQuery(memberInvoicesQueryOptions(memberId));
