import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountRulesResponse } from '@shared/contracts/discounts';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/discount-rules: the approved rules, highest priority first, with the model figures, this season’s use and the changes waiting for approval. */
export const discountRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'discount-rules'],
    queryFn: () => callEndpoint(endpoints.rules),
  });

export const useDiscountRules = () => useQuery(discountRulesQueryOptions());

/** Every rule change (asked for, approved, rejected) answers the whole list with the changes waiting; the pricing model page shows the version too. */
export async function discountRulesSaved(client: QueryClient, response: DiscountRulesResponse) {
  client.setQueryData(discountRulesQueryOptions().queryKey, response);
  await client.invalidateQueries({ queryKey: ['admin', 'pricing-model'] });
}
