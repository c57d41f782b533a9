import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints } from '@shared/endpoints/billing';
import { callEndpoint } from '../../../../lib/api-client';
import { invalidateAfterPayment } from './invalidate';

/** POST …/payments/:paymentId/reversal/reject: a waiting reversal is rejected, or withdrawn by the one who asked; the payment stands. */
export function useRejectReversal(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, paymentId }: { invoiceId: string; paymentId: string }) => callEndpoint(billingEndpoints.rejectReversal, { params: { id: invoiceId, paymentId }, body: {} }),
    onSuccess: () => invalidateAfterPayment(client, memberId),
  });
}
