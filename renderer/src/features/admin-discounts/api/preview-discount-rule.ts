import { useMutation } from '@tanstack/react-query';
import type { DiscountRuleDraft } from '@shared/contracts/discounts';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/discount-rules/preview: the rule's effect before it is saved; nothing is written. */
export function usePreviewDiscountRule() {
  return useMutation({
    mutationFn: ({ id, rule }: { id: string | undefined; rule: DiscountRuleDraft }) => callEndpoint(endpoints.previewRule, { body: id === undefined ? { rule } : { id, rule } }),
  });
}
