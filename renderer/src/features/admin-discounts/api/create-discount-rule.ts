import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountRuleDraft } from '@shared/contracts/discounts';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import { callEndpoint } from '../../../lib/api-client';
import { discountRulesSaved } from './get-discount-rules';

/** POST /api/admin/discount-rules: asks for a new conditional rule; it waits (202) for a second administrator to approve it. */
export function useCreateDiscountRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: Extract<DiscountRuleDraft, { kind: 'conditional' }>) => callEndpoint(endpoints.createRule, { body: rule }),
    onSuccess: (response) => discountRulesSaved(client, response),
  });
}
