import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentReversalResponseSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateAfterPayment } from './invalidate';

/** POST …/payments/:paymentId/reversal/approve: a second person approves a reversal that waits (the server refuses anyone else with the rule's sentence). */
export function useApproveReversal(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, paymentId }: { invoiceId: string; paymentId: string }) =>
      apiRequest('POST', `/api/invoices/${encodeURIComponent(invoiceId)}/payments/${encodeURIComponent(paymentId)}/reversal/approve`, { body: {}, schema: paymentReversalResponseSchema }),
    onSuccess: () => invalidateAfterPayment(client, memberId),
  });
}
