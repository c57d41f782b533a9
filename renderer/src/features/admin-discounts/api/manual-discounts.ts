import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ManualDiscountInput, manualDiscountResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';

/** A manual discount's change shows in the list and the totals: both are stale. */
function useDiscountsChanged() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'discount-applications'] }), client.invalidateQueries({ queryKey: ['admin', 'discount-summary'] })]);
  };
}

/** POST /api/admin/discount-management/manual: a manual discount, pending until another administrator approves it. */
export function useGrantManualDiscount() {
  const changed = useDiscountsChanged();
  return useMutation({
    mutationFn: (input: ManualDiscountInput) => apiRequest('POST', '/api/admin/discount-management/manual', { body: input, schema: manualDiscountResponseSchema }),
    onSuccess: changed,
  });
}

/** POST …/manual/:id/approve, /reject and /revoke. */
export function useManualDiscountAction() {
  const changed = useDiscountsChanged();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'approve' | 'reject' | 'revoke'; reason?: string }) =>
      apiRequest('POST', `/api/admin/discount-management/manual/${encodeURIComponent(id)}/${action}`, { body: action === 'revoke' ? { reason } : {}, schema: manualDiscountResponseSchema }),
    onSuccess: changed,
  });
}
