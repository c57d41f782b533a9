import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type DiscountRulesResponse, discountRulesResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/discount-rules: the rules, highest priority first, with the model figures and this season's use. */
export const discountRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'discount-rules'],
    queryFn: () => apiRequest('GET', '/api/admin/discount-rules', { schema: discountRulesResponseSchema }),
  });

export const useDiscountRules = () => useQuery(discountRulesQueryOptions());

/** Every rule change answers the whole list under the new version; the pricing model page shows that version too. */
export async function discountRulesSaved(client: QueryClient, response: DiscountRulesResponse) {
  client.setQueryData(discountRulesQueryOptions().queryKey, response);
  await client.invalidateQueries({ queryKey: ['admin', 'pricing-model'] });
}
