import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminPricingModelResponseSchema, type adminCropFactorInputSchema } from '@shared/contracts/admin-pricing';
import { apiRequest } from '../../../lib/api-client';
import { pricingModelSaved } from './get-pricing-model';

/** PUT /api/admin/pricing/crop-factors/:cropType: how a crop stands up to each peril. */
export function useUpdateCropFactor(cropType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof adminCropFactorInputSchema>) =>
      apiRequest('PUT', `/api/admin/pricing/crop-factors/${encodeURIComponent(cropType)}`, { body: input, schema: adminPricingModelResponseSchema }),
    onSuccess: (response) => pricingModelSaved(client, response),
  });
}
