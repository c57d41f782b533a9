import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminPricingModelResponse, adminPricingModelResponseSchema } from '@shared/contracts/admin-pricing';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/pricing: the stored pricing model, or why it cannot be used. */
export const pricingModelQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'pricing-model'],
    queryFn: () => apiRequest('GET', '/api/admin/pricing', { schema: adminPricingModelResponseSchema }),
  });

export const usePricingModel = () => useQuery(pricingModelQueryOptions());

/** Every pricing edit answers the whole new model; the zones list shows rates too, so it is stale. */
export async function pricingModelSaved(client: QueryClient, response: AdminPricingModelResponse) {
  client.setQueryData(pricingModelQueryOptions().queryKey, response);
  await client.invalidateQueries({ queryKey: ['admin', 'agriculture-zones'] });
}
