import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DiscountRuleDraft, discountRulesResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';
import { discountRulesSaved } from './get-discount-rules';

/** POST /api/admin/discount-rules: asks for a new conditional rule; it waits (202) for a second administrator to approve it. */
export function useCreateDiscountRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: Extract<DiscountRuleDraft, { kind: 'conditional' }>) => apiRequest('POST', '/api/admin/discount-rules', { body: rule, schema: discountRulesResponseSchema }),
    onSuccess: (response) => discountRulesSaved(client, response),
  });
}
