import { useMutation } from '@tanstack/react-query';
import { type DiscountRuleDraft, discountRulePreviewResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/discount-rules/preview: the rule's effect before it is saved; nothing is written. */
export function usePreviewDiscountRule() {
  return useMutation({
    mutationFn: ({ id, rule }: { id: string | undefined; rule: DiscountRuleDraft }) =>
      apiRequest('POST', '/api/admin/discount-rules/preview', { body: id === undefined ? { rule } : { id, rule }, schema: discountRulePreviewResponseSchema }),
  });
}
