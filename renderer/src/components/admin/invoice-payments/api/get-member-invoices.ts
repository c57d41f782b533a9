import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffInvoiceListSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../../lib/api-client';
import { withQuery } from '../../../../lib/query-string';

/** GET /api/admin/invoices?memberId=: a member's invoices with every payment, as staff see them. */
export const memberInvoicesQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: ['admin', 'invoices', memberId],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/invoices', { memberId }), { schema: staffInvoiceListSchema }),
  });

export const useMemberInvoices = (memberId: string) => useQuery(memberInvoicesQueryOptions(memberId));
