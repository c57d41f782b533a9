import { queryOptions, useQuery } from '@tanstack/react-query';
import { discountFactorSchema, type DiscountFactor } from '@shared/contracts/pricing';
import { z } from 'zod';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { apiRequest, endpointUrl } from '../../../lib/api-client';
import { CROP_DATA_MESSAGES } from '../crop-data';

/** GET /api/pricing/discount-factors: kept where isActive is not false. They have no default: a failure rejects with the docs/behaviour.md §8 text. */
async function fetchDiscountFactors(): Promise<DiscountFactor[]> {
  try {
    const rows = await apiRequest('GET', endpointUrl(pricingEndpoints.discountFactors), { schema: z.array(z.unknown()) });
    return rows.flatMap((row) => {
      const parsed = discountFactorSchema.safeParse(row);
      return parsed.success && parsed.data.isActive !== false ? [parsed.data] : [];
    });
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.discountFactors, error);
    throw new Error(CROP_DATA_MESSAGES.discountFactors, { cause: error });
  }
}

/** Not retried: the failure is already logged and the estimate page only mentions the factors. */
export const discountFactorsQueryOptions = () => queryOptions({ queryKey: ['quote', 'discount-factors'], queryFn: fetchDiscountFactors, retry: false, staleTime: Infinity });

export const useDiscountFactors = () => useQuery(discountFactorsQueryOptions());
