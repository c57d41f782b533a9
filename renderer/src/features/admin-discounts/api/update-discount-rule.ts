import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DiscountRuleDraft, discountRulesResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';
import { discountRulesSaved } from './get-discount-rules';

/** PUT /api/admin/discount-rules/:id: asks for a rule's new version (whole; the id is the path's); the approved version prices until a second administrator approves it. */
export function useUpdateDiscountRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string; rule: DiscountRuleDraft }) => apiRequest('PUT', `/api/admin/discount-rules/${encodeURIComponent(id)}`, { body: rule, schema: discountRulesResponseSchema }),
    onSuccess: (response) => discountRulesSaved(client, response),
  });
}
