import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminPricingModelResponseSchema, type adminZoneRatesInputSchema } from '@shared/contracts/admin-pricing';
import { apiRequest } from '../../../lib/api-client';
import { pricingModelSaved } from './get-pricing-model';

/** PUT /api/admin/pricing/zones/:code: a zone's rates and risk level. */
export function useUpdateZoneRates(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof adminZoneRatesInputSchema>) => apiRequest('PUT', `/api/admin/pricing/zones/${encodeURIComponent(code)}`, { body: input, schema: adminPricingModelResponseSchema }),
    onSuccess: (response) => pricingModelSaved(client, response),
  });
}
