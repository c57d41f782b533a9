import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DiscountRuleDraft, discountRulesResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';
import { discountRulesSaved } from './get-discount-rules';

/** PUT /api/admin/discount-rules/:id: one rule as a whole (the id is the path's). */
export function useUpdateDiscountRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string; rule: DiscountRuleDraft }) => apiRequest('PUT', `/api/admin/discount-rules/${encodeURIComponent(id)}`, { body: rule, schema: discountRulesResponseSchema }),
    onSuccess: (response) => discountRulesSaved(client, response),
  });
}
