import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordPaymentInput } from '@shared/contracts/dashboard';
import { billingEndpoints } from '@shared/endpoints/billing';
import { callEndpoint } from '../../../../lib/api-client';
import { invalidateAfterPayment } from './invalidate';

/** POST /api/invoices/:id/payments: staff record money received (the amount as typed, in dollars). */
export function useRecordPayment(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, payment }: { invoiceId: string; payment: RecordPaymentInput }) => callEndpoint(billingEndpoints.recordPayment, { params: { id: invoiceId }, body: payment }),
    onSuccess: () => invalidateAfterPayment(client, memberId),
  });
}
