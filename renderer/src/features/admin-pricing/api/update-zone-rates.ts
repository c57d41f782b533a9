import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminZoneRatesInputSchema } from '@shared/contracts/admin-pricing';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { callEndpoint } from '../../../lib/api-client';
import { pricingModelSaved } from './get-pricing-model';

/** PUT /api/admin/pricing/zones/:code: a zone's rates and risk level. */
export function useUpdateZoneRates(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof adminZoneRatesInputSchema>) => callEndpoint(pricingEndpoints.zoneRates, { params: { code }, body: input }),
    onSuccess: (response) => pricingModelSaved(client, response),
  });
}
