import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingModelResponseSchema } from '@shared/contracts/admin-pricing';
import type { DynamicDiscountRule } from '@shared/contracts/pricing';
import { apiRequest } from '../../../lib/api-client';
import { pricingModelSaved } from './get-pricing-model';

/** PUT /api/admin/pricing/dynamic-discounts/:id: one discount rule as a whole (the id is the path's). */
export function useUpdateDiscountRule(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: DynamicDiscountRule) => apiRequest('PUT', `/api/admin/pricing/dynamic-discounts/${encodeURIComponent(id)}`, { body: rule, schema: adminPricingModelResponseSchema }),
    onSuccess: (response) => pricingModelSaved(client, response),
  });
}
