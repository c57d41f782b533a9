import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountRuleDraft } from '@shared/contracts/discounts';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import { callEndpoint } from '../../../lib/api-client';
import { discountRulesSaved } from './get-discount-rules';

/** PUT /api/admin/discount-rules/:id: asks for a rule's new version (whole; the id is the path's); the approved version prices until a second administrator approves it. */
export function useUpdateDiscountRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string; rule: DiscountRuleDraft }) => callEndpoint(endpoints.updateRule, { params: { id }, body: rule }),
    onSuccess: (response) => discountRulesSaved(client, response),
  });
}
