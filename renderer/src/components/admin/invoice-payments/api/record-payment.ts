import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invoiceSchema, type RecordPaymentInput } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateAfterPayment } from './invalidate';

const recordedSchema = z.object({ invoice: invoiceSchema });

/** POST /api/invoices/:id/payments: staff record money received (the amount as typed, in dollars). */
export function useRecordPayment(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, payment }: { invoiceId: string; payment: RecordPaymentInput }) =>
      apiRequest('POST', `/api/invoices/${encodeURIComponent(invoiceId)}/payments`, { body: payment, schema: recordedSchema }),
    onSuccess: () => invalidateAfterPayment(client, memberId),
  });
}
