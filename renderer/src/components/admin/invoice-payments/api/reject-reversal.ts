import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentReversalResponseSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateAfterPayment } from './invalidate';

/** POST …/payments/:paymentId/reversal/reject: a waiting reversal is rejected, or withdrawn by the one who asked; the payment stands. */
export function useRejectReversal(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, paymentId }: { invoiceId: string; paymentId: string }) =>
      apiRequest('POST', `/api/invoices/${encodeURIComponent(invoiceId)}/payments/${encodeURIComponent(paymentId)}/reversal/reject`, { body: {}, schema: paymentReversalResponseSchema }),
    onSuccess: () => invalidateAfterPayment(client, memberId),
  });
}
