import { queryOptions, useQuery } from '@tanstack/react-query';
import { cropConfigsResponseSchema, cropHurdleConfigSchema } from '@shared/contracts/protection';
import { z } from 'zod';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { apiRequest, endpointUrl } from '../../../lib/api-client';
import { CROP_DATA_MESSAGES, type CropConfigs, defaultCropConfigs } from '../crop-data';

/** Rows are checked one by one so a single odd row does not cost the person the whole list. */
const looseConfigsSchema = z.object({ hurdleConfigs: z.array(z.unknown()), areaLimits: z.array(z.unknown()) });

/**
 * GET /api/crop-configs: the active hurdle configs and area limits. A failed or unusable answer is
 * logged with the docs/behaviour.md §8 text and answers the docs/behaviour.md §5 table instead: the person sees no error.
 */
async function fetchCropConfigs(): Promise<CropConfigs> {
  try {
    const body = await apiRequest('GET', endpointUrl(pricingEndpoints.cropConfigs), { schema: looseConfigsSchema });
    const parsed = cropConfigsResponseSchema.safeParse(body);
    const rows = parsed.success ? parsed.data.hurdleConfigs : body.hurdleConfigs.flatMap((row) => okOrEmpty(cropHurdleConfigSchema.safeParse(row)));
    const hurdleConfigs = rows.filter((config) => config.isActive);
    if (hurdleConfigs.length === 0) throw new Error('No usable hurdle config in the answer');
    return { hurdleConfigs, areaLimits: parsed.success ? parsed.data.areaLimits.filter((limit) => limit.isActive) : [] };
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.configs, error);
    return defaultCropConfigs();
  }
}

export const cropConfigsQueryOptions = () => queryOptions({ queryKey: ['quote', 'crop-configs'], queryFn: fetchCropConfigs, placeholderData: defaultCropConfigs, staleTime: Infinity });

const BUILT_IN_CONFIGS = defaultCropConfigs();

/**
 * The hurdle configs to show, and whether they are the answer (the server's, or the fallback after
 * it failed) rather than the built-in table shown while it loads. Defaults are preselected only
 * once settled: a crop picked during the wait would otherwise keep the built-in default.
 */
export function useCropConfigs() {
  const query = useQuery(cropConfigsQueryOptions());
  return { hurdleConfigs: (query.data ?? BUILT_IN_CONFIGS).hurdleConfigs, settled: query.isFetched && !query.isPlaceholderData };
}

function okOrEmpty<T>(result: { success: true; data: T } | { success: false }): T[] {
  return result.success ? [result.data] : [];
}
