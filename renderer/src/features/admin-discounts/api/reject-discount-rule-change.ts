import { useMutation, useQueryClient } from '@tanstack/react-query';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import { callEndpoint } from '../../../lib/api-client';
import { discountRulesSaved } from './get-discount-rules';

/** POST /api/admin/discount-rules/changes/:id/reject: drops a waiting change (the one who asked may withdraw it); nothing prices differently. */
export function useRejectDiscountRuleChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note?: string }) => callEndpoint(endpoints.rejectRuleChange, { params: { id }, body: note ? { note } : {} }),
    onSuccess: (response) => discountRulesSaved(client, response),
  });
}
