import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints } from '@shared/endpoints/billing';
import { callEndpoint } from '../../../../lib/api-client';
import { invalidateAfterPayment } from './invalidate';

/** POST …/payments/:paymentId/reversal/approve: a second person approves a reversal that waits (the server refuses anyone else with the rule's sentence). */
export function useApproveReversal(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, paymentId }: { invoiceId: string; paymentId: string }) => callEndpoint(billingEndpoints.approveReversal, { params: { id: invoiceId, paymentId }, body: {} }),
    onSuccess: () => invalidateAfterPayment(client, memberId),
  });
}
