import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminCropFactorInputSchema } from '@shared/contracts/admin-pricing';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { callEndpoint } from '../../../lib/api-client';
import { pricingModelSaved } from './get-pricing-model';

/** PUT /api/admin/pricing/crop-factors/:cropType: how a crop stands up to each peril. */
export function useUpdateCropFactor(cropType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof adminCropFactorInputSchema>) => callEndpoint(pricingEndpoints.cropFactor, { params: { cropType }, body: input }),
    onSuccess: (response) => pricingModelSaved(client, response),
  });
}
