import { queryOptions, useQuery } from '@tanstack/react-query';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { callEndpoint } from '../../../lib/api-client';
import { CROP_DATA_MESSAGES, defaultVarieties } from '../crop-data';

/** GET /api/admin/crops/{cropType}/varieties; an empty or failed answer (the failure logged) is Standard and Premium. */
async function fetchVarieties(crop: string): Promise<string[]> {
  try {
    const varieties = await callEndpoint(pricingEndpoints.varieties, { params: { cropType: crop } });
    return varieties.length > 0 ? varieties : defaultVarieties();
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.varieties, error);
    return defaultVarieties();
  }
}

export const varietiesQueryOptions = (crop: string) => queryOptions({ queryKey: ['quote', 'varieties', crop.trim().toLowerCase()], queryFn: () => fetchVarieties(crop), staleTime: Infinity });

/** The varieties offered for a paddock's crop; none before a crop is chosen. */
export const useVarieties = (crop: string | undefined) => useQuery({ ...varietiesQueryOptions(crop ?? ''), enabled: crop !== undefined });
