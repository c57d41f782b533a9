import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoverageType } from '@shared/constants';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { callEndpoint } from '../../../lib/api-client';
import { CROP_DATA_MESSAGES, defaultHurdleOptions, type HurdleOption } from '../crop-data';

/**
 * GET /api/hurdles?crop_type=&product_type=: the active hurdle options, of one crop or (without a
 * crop) of any. A failure is logged with the docs/behaviour.md §8 text; without a crop the answer is then the
 * 0 to 20 % defaults, with one it is empty, so the calculator offers the general list filtered to
 * the crop's minimum.
 */
async function fetchHurdleOptions(crop?: string, productType?: CoverageType): Promise<HurdleOption[]> {
  try {
    const options = await callEndpoint(pricingEndpoints.hurdles, { query: { crop_type: crop, product_type: productType } });
    const active = options.filter((option) => option.isActive);
    if (active.length === 0) throw new Error('No hurdle options in the answer');
    return active;
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.hurdles, error);
    return crop === undefined ? defaultHurdleOptions() : [];
  }
}

export const hurdleOptionsQueryOptions = (crop?: string, productType?: CoverageType) =>
  queryOptions({
    queryKey: ['quote', 'hurdle-options', crop?.trim().toLowerCase() ?? null, productType ?? null],
    queryFn: () => fetchHurdleOptions(crop, productType),
    staleTime: Infinity,
  });

/** The general list (defaults until it has loaded). */
export const useGeneralHurdleOptions = () => useQuery({ ...hurdleOptionsQueryOptions(), placeholderData: defaultHurdleOptions });

/** A crop's own options; nothing for a group (crop null), which uses the general list. */
export const useCropHurdleOptions = (crop: string | null, productType?: CoverageType) => useQuery({ ...hurdleOptionsQueryOptions(crop ?? undefined, productType), enabled: crop !== null });
