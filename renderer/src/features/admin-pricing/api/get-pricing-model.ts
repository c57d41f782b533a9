import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPricingModelResponse } from '@shared/contracts/admin-pricing';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { callEndpoint } from '../../../lib/api-client';
import { agricultureZonesQueryOptions } from '../../../api/get-agriculture-zones';

/** GET /api/admin/pricing: the stored pricing model, or why it cannot be used. */
export const pricingModelQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'pricing-model'],
    queryFn: () => callEndpoint(pricingEndpoints.pricingModel),
  });

export const usePricingModel = () => useQuery(pricingModelQueryOptions());

/** Every pricing edit answers the whole new model; the zones list shows rates too, so it is stale. */
export async function pricingModelSaved(client: QueryClient, response: AdminPricingModelResponse) {
  client.setQueryData(pricingModelQueryOptions().queryKey, response);
  await client.invalidateQueries({ queryKey: agricultureZonesQueryOptions().queryKey });
}
