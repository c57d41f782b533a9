import { useMutation, useQueryClient } from '@tanstack/react-query';
import { discountRulesResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';
import { discountRulesSaved } from './get-discount-rules';

/**
 * POST /api/admin/discount-rules/changes/:id/approve: a second, independent administrator approves a
 * waiting change, which prices from the next quote under a new model version. Refused (403) with the
 * maker-checker sentence when the caller is not a second person for it.
 */
export function useApproveDiscountRuleChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note?: string }) =>
      apiRequest('POST', `/api/admin/discount-rules/changes/${encodeURIComponent(id)}/approve`, { body: note ? { note } : {}, schema: discountRulesResponseSchema }),
    onSuccess: (response) => discountRulesSaved(client, response),
  });
}
