import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { paymentReversalInputSchema } from '@shared/contracts/dashboard';
import { billingEndpoints } from '@shared/endpoints/billing';
import { callEndpoint } from '../../../../lib/api-client';
import { invalidateAfterPayment } from './invalidate';

/** POST /api/invoices/:id/payments/:paymentId/reversal: undone at once, or asked for (above the threshold) until a second person approves. */
export function useReversePayment(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, paymentId, input }: { invoiceId: string; paymentId: string; input: z.output<typeof paymentReversalInputSchema> }) =>
      callEndpoint(billingEndpoints.reversePayment, { params: { id: invoiceId, paymentId }, body: input }),
    onSuccess: () => invalidateAfterPayment(client, memberId),
  });
}
