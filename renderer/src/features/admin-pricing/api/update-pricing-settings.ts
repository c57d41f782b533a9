import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminPricingSettingsInputSchema } from '@shared/contracts/admin-pricing';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { callEndpoint } from '../../../lib/api-client';
import { pricingModelSaved } from './get-pricing-model';

/** PUT /api/admin/pricing/settings: the most total discount (the calculator figures are on /admin/calculator-settings). */
export function useUpdatePricingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof adminPricingSettingsInputSchema>) => callEndpoint(pricingEndpoints.settings, { body: input }),
    onSuccess: (response) => pricingModelSaved(client, response),
  });
}
