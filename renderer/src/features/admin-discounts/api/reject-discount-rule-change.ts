import { useMutation, useQueryClient } from '@tanstack/react-query';
import { discountRulesResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';
import { discountRulesSaved } from './get-discount-rules';

/** POST /api/admin/discount-rules/changes/:id/reject: drops a waiting change (the one who asked may withdraw it); nothing prices differently. */
export function useRejectDiscountRuleChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note?: string }) =>
      apiRequest('POST', `/api/admin/discount-rules/changes/${encodeURIComponent(id)}/reject`, { body: note ? { note } : {}, schema: discountRulesResponseSchema }),
    onSuccess: (response) => discountRulesSaved(client, response),
  });
}
