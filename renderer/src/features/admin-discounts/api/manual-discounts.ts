import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualDiscountInput } from '@shared/contracts/discounts';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import { callEndpoint } from '../../../lib/api-client';

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
    mutationFn: (input: ManualDiscountInput) => callEndpoint(endpoints.grantManual, { body: input }),
    onSuccess: changed,
  });
}

/** What staff do to a manual discount: approve or reject it, or revoke it with a reason. */
export type ManualDiscountAction = { action: 'approve' | 'reject' } | { action: 'revoke'; reason: string };

/** POST …/manual/:id/approve, /reject and /revoke. */
export function useManualDiscountAction() {
  const changed = useDiscountsChanged();
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string } & ManualDiscountAction) => {
      if (change.action === 'revoke') return callEndpoint(endpoints.revokeManual, { params: { id }, body: { reason: change.reason } });
      return callEndpoint(change.action === 'approve' ? endpoints.approveManual : endpoints.rejectManual, { params: { id }, body: {} });
    },
    onSuccess: changed,
  });
}
