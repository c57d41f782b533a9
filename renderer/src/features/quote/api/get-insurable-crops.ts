import { queryOptions, useQuery } from '@tanstack/react-query';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { callEndpoint } from '../../../lib/api-client';
import { CROP_DATA_MESSAGES, defaultInsurableCrops } from '../crop-data';

/** GET /api/insurable-crops (with the session cookie): the crop names; else, logged, the docs/behaviour.md §7 list. */
async function fetchInsurableCrops(): Promise<string[]> {
  try {
    const crops = (await callEndpoint(pricingEndpoints.insurableCrops)).map((crop) => crop.trim()).filter((crop) => crop !== '');
    if (crops.length === 0) throw new Error('The list of insurable crops is empty');
    return crops;
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.crops, error);
    return defaultInsurableCrops();
  }
}

export const insurableCropsQueryOptions = () => queryOptions({ queryKey: ['quote', 'insurable-crops'], queryFn: fetchInsurableCrops, placeholderData: defaultInsurableCrops, staleTime: Infinity });

export const useInsurableCrops = () => useQuery(insurableCropsQueryOptions());
