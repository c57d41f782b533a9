import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalculatorSettingsResponse } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/calculator-settings: the figures behind the quote calculator, inactive ones included. */
export const calculatorSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'calculator-settings'],
    queryFn: () => callEndpoint(endpoints.settings),
  });

export const useCalculatorSettings = () => useQuery(calculatorSettingsQueryOptions());

/** Every change answers the whole settings view; the pricing model page shows the model version and hurdles, so it is stale. */
export async function calculatorSettingsSaved(client: QueryClient, response: CalculatorSettingsResponse) {
  client.setQueryData(calculatorSettingsQueryOptions().queryKey, response);
  await client.invalidateQueries({ queryKey: ['admin', 'pricing-model'] });
}
