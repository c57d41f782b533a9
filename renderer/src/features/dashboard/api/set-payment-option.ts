import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { paymentOptionInputSchema } from '@shared/contracts/dashboard';
import { billingEndpoints } from '@shared/endpoints/billing';
import { callEndpoint } from '../../../lib/api-client';
import { invoicesQueryOptions } from './get-invoices';
import { overviewQueryOptions } from './get-overview';
import type { RecordScope } from '../../../api/scope';

/**
 * PUT /api/invoices/:id/payment-option: pay now, instalments or after harvest. The invoice in the
 * list is replaced by the server's copy; the overview's next payment and key dates are read again.
 */
export function useSetPaymentOption(scope: RecordScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, choice }: { invoiceId: string; choice: z.output<typeof paymentOptionInputSchema> }) => callEndpoint(billingEndpoints.paymentOption, { params: { id: invoiceId }, body: choice }),
    onSuccess: async ({ invoice }) => {
      queryClient.setQueryData(invoicesQueryOptions(scope).queryKey, (list) => list && { ...list, invoices: list.invoices.map((item) => (item.id === invoice.id ? invoice : item)) });
      await queryClient.invalidateQueries({ queryKey: overviewQueryOptions(scope).queryKey });
    },
  });
}
