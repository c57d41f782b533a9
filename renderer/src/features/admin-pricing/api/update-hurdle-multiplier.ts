import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminPricingModelResponseSchema, type adminHurdleMultiplierInputSchema } from '@shared/contracts/admin-pricing';
import { apiRequest } from '../../../lib/api-client';
import { pricingModelSaved } from './get-pricing-model';

/** PUT /api/admin/pricing/hurdle-options/:percentage: the premium multiplier of one hurdle. */
export function useUpdateHurdleMultiplier(percentage: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof adminHurdleMultiplierInputSchema>) =>
      apiRequest('PUT', `/api/admin/pricing/hurdle-options/${encodeURIComponent(percentage)}`, { body: input, schema: adminPricingModelResponseSchema }),
    onSuccess: (response) => pricingModelSaved(client, response),
  });
}
