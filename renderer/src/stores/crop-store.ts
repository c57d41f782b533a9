/**
 * The crop client state area (SPEC §3 'Crop configuration', §7 'Crop and pricing data'): hurdle
 * configs, area limits, insurable crops, hurdle options, varieties and discount factors. It starts
 * from the static defaults of shared/constants.ts. The loaders below the store refresh it from the
 * API; for configs, crops, hurdles and varieties a failed or malformed answer keeps the defaults
 * and is only logged (SPEC §8: the person sees no error). Discount factors have no default, so
 * their loader rejects instead.
 */
import { DEFAULT_CROP_HURDLES, DEFAULT_HURDLE_OPTIONS, DEFAULT_INSURABLE_CROPS, DEFAULT_VARIETIES, type CoverageType } from '@shared/constants';
import { discountFactorSchema, type DiscountFactor } from '@shared/contracts/pricing';
import {
  cropConfigsResponseSchema,
  cropHurdleConfigSchema,
  hurdleOptionResponseSchema,
  insurableCropsResponseSchema,
  varietiesResponseSchema,
} from '@shared/contracts/protection';
import { hurdleOptionsForCrop } from '@shared/domain/pricing/quote-pricing';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { createAppStore } from './create-store';

// SPEC §8 texts (exact).
export const CROP_DATA_MESSAGES = {
  configs: 'Failed to load crop configs',
  crops: 'Failed to load insurable crops',
  discountFactors: 'Failed to load discount factors',
  hurdles: 'Failed to load hurdle options',
  varieties: 'Failed to load varieties',
} as const;

export interface CropHurdleConfig {
  id: string;
  cropType: string;
  minimumHurdlePercentage: number;
  defaultHurdlePercentage: number;
  isActive: boolean;
}

export interface AreaLimit {
  id: string;
  isActive: boolean;
  [field: string]: unknown;
}

export interface HurdleOption {
  id: string;
  percentage: number;
  impactMultiplier: number;
  description: string;
  isActive: boolean;
}

export interface CropState {
  hurdleConfigs: CropHurdleConfig[];
  areaLimits: AreaLimit[];
  insurableCrops: string[];
  /** The hurdle options of any crop (GET /api/hurdles without crop_type). */
  hurdleOptions: HurdleOption[];
  /** Hurdle options loaded for one crop (already at or above its minimum), keyed by crop in lower case. */
  hurdleOptionsByCrop: Record<string, HurdleOption[]>;
  /** Varieties by crop; a crop not listed has the default varieties. */
  varieties: Record<string, string[]>;
  discountFactors: DiscountFactor[];
}

export interface CropActions {
  /** Keeps the active configs; none usable means the static hurdle table (SPEC §7). */
  setCropConfigs: (configs: { hurdleConfigs: CropHurdleConfig[]; areaLimits: AreaLimit[] }) => void;
  setInsurableCrops: (crops: string[]) => void;
  setHurdleOptions: (options: HurdleOption[]) => void;
  setCropHurdleOptions: (crop: string, options: HurdleOption[]) => void;
  setVarieties: (crop: string, varieties: string[]) => void;
  setDiscountFactors: (factors: DiscountFactor[]) => void;
  reset: () => void;
}

export type CropStore = CropState & CropActions;

export function defaultHurdleConfigs(): CropHurdleConfig[] {
  return DEFAULT_CROP_HURDLES.map((row) => ({ id: `default-${row.cropType}`, ...row, isActive: true }));
}

export function defaultHurdleOptions(): HurdleOption[] {
  return DEFAULT_HURDLE_OPTIONS.map((option) => ({ id: `default-${option.percentage}`, ...option, isActive: true }));
}

export function initialCropState(): CropState {
  return {
    hurdleConfigs: defaultHurdleConfigs(),
    areaLimits: [],
    insurableCrops: [...DEFAULT_INSURABLE_CROPS],
    hurdleOptions: defaultHurdleOptions(),
    hurdleOptionsByCrop: {},
    varieties: {},
    discountFactors: [],
  };
}

const cropKey = (crop: string) => crop.trim().toLowerCase();

/** The varieties offered for a crop: those loaded for it, else Standard and Premium (SPEC §7). */
export function varietiesFor(state: Pick<CropState, 'varieties'>, crop: string): string[] {
  const loaded = state.varieties[cropKey(crop)];
  return loaded !== undefined && loaded.length > 0 ? loaded : [...DEFAULT_VARIETIES];
}

/** Minimum hurdle per crop, as the quote's cropDetails.minimumHurdlePercentages carries it. */
export function minimumHurdlePercentages(state: Pick<CropState, 'hurdleConfigs'>): Record<string, number> {
  return Object.fromEntries(state.hurdleConfigs.map((config) => [config.cropType, config.minimumHurdlePercentage]));
}

/** The crop's configured default hurdle (SPEC §5 table unless the API said otherwise); undefined for unlisted crops. */
export function defaultHurdleFor(state: Pick<CropState, 'hurdleConfigs'>, crop: string): number | undefined {
  return state.hurdleConfigs.find((config) => cropKey(config.cropType) === cropKey(crop))?.defaultHurdlePercentage;
}

/**
 * The hurdle options a crop may choose: those loaded for it, else the general list; either way
 * never below the crop's minimum (SPEC §5), lowest first.
 */
export function hurdleOptionsFor(state: Pick<CropState, 'hurdleOptions' | 'hurdleOptionsByCrop'>, crop: string, minimum: number): HurdleOption[] {
  const loaded = state.hurdleOptionsByCrop[cropKey(crop)];
  return hurdleOptionsForCrop(loaded !== undefined && loaded.length > 0 ? loaded : state.hurdleOptions, minimum);
}

export const useCropStore = createAppStore<CropStore>((set) => ({
  ...initialCropState(),
  setCropConfigs: ({ hurdleConfigs, areaLimits }) => {
    const active = hurdleConfigs.filter((config) => config.isActive);
    set({ hurdleConfigs: active.length > 0 ? active : defaultHurdleConfigs(), areaLimits: areaLimits.filter((limit) => limit.isActive) });
  },
  setInsurableCrops: (crops) => {
    const names = crops.map((crop) => crop.trim()).filter((crop) => crop !== '');
    set({ insurableCrops: names.length > 0 ? names : [...DEFAULT_INSURABLE_CROPS] });
  },
  setHurdleOptions: (options) => {
    const active = options.filter((option) => option.isActive);
    set({ hurdleOptions: active.length > 0 ? active : defaultHurdleOptions() });
  },
  setCropHurdleOptions: (crop, options) =>
    set((state) => {
      state.hurdleOptionsByCrop[cropKey(crop)] = options.filter((option) => option.isActive);
    }),
  setVarieties: (crop, varieties) =>
    set((state) => {
      state.varieties[cropKey(crop)] = varieties;
    }),
  setDiscountFactors: (factors) => set({ discountFactors: factors }),
  reset: () => set(initialCropState()),
}));

// ---------------------------------------------------------------------------------------------
// Loaders (SPEC §7). They never throw, except loadDiscountFactors, whose failure is the caller's.
// ---------------------------------------------------------------------------------------------

/** Rows are checked one by one so a single odd row does not cost the person the whole list. */
const looseConfigsSchema = z.object({ hurdleConfigs: z.array(z.unknown()), areaLimits: z.array(z.unknown()) });

/** GET /api/crop-configs: active hurdle configs and area limits; anything unusable keeps the SPEC §5 table. */
export async function loadCropConfigs(): Promise<void> {
  try {
    const body = await apiRequest('GET', '/api/crop-configs', { schema: looseConfigsSchema });
    const parsed = cropConfigsResponseSchema.safeParse(body);
    const hurdleConfigs = parsed.success ? parsed.data.hurdleConfigs : body.hurdleConfigs.flatMap((row) => okOrEmpty(cropHurdleConfigSchema.safeParse(row)));
    if (!parsed.success && hurdleConfigs.length === 0) throw new Error('No usable hurdle config in the answer');
    useCropStore.getState().setCropConfigs({ hurdleConfigs, areaLimits: parsed.success ? parsed.data.areaLimits : [] });
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.configs, error);
    useCropStore.getState().setCropConfigs({ hurdleConfigs: [], areaLimits: [] });
  }
}

/** GET /api/insurable-crops (with the session cookie): the crop names; else the SPEC §7 list. */
export async function loadInsurableCrops(): Promise<void> {
  try {
    const crops = await apiRequest('GET', '/api/insurable-crops', { schema: insurableCropsResponseSchema });
    if (crops.length === 0) throw new Error('The list of insurable crops is empty');
    useCropStore.getState().setInsurableCrops(crops);
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.crops, error);
    useCropStore.getState().setInsurableCrops([]);
  }
}

/**
 * GET /api/hurdles?crop_type=&product_type=: without a crop, the general list (fallback 0 to 20 %);
 * with one, that crop's options, falling back to the general list filtered to its minimum.
 */
export async function loadHurdleOptions(crop?: string, productType?: CoverageType): Promise<void> {
  const query = new URLSearchParams();
  if (crop !== undefined) query.set('crop_type', crop);
  if (productType !== undefined) query.set('product_type', productType);
  const search = query.toString();
  const path = search === '' ? '/api/hurdles' : `/api/hurdles?${search}`;
  try {
    const options = await apiRequest('GET', path, { schema: z.array(hurdleOptionResponseSchema) });
    if (options.length === 0) throw new Error('No hurdle options in the answer');
    const store = useCropStore.getState();
    if (crop === undefined) store.setHurdleOptions(options);
    else store.setCropHurdleOptions(crop, options);
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.hurdles, error);
    const store = useCropStore.getState();
    if (crop === undefined) store.setHurdleOptions([]);
    else store.setCropHurdleOptions(crop, []);
  }
}

/** GET /api/admin/crops/{cropType}/varieties; else Standard and Premium. */
export async function loadVarieties(crop: string): Promise<void> {
  try {
    const varieties = await apiRequest('GET', `/api/admin/crops/${encodeURIComponent(crop)}/varieties`, { schema: varietiesResponseSchema });
    useCropStore.getState().setVarieties(crop, varieties);
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.varieties, error);
    useCropStore.getState().setVarieties(crop, []);
  }
}

/** GET /api/pricing/discount-factors: kept where isActive is not false; a failure rejects with the SPEC §8 text. */
export async function loadDiscountFactors(): Promise<DiscountFactor[]> {
  try {
    const rows = await apiRequest('GET', '/api/pricing/discount-factors', { schema: z.array(z.unknown()) });
    const factors = rows.flatMap((row) => okOrEmpty(discountFactorSchema.safeParse(row))).filter((factor) => factor.isActive !== false);
    useCropStore.getState().setDiscountFactors(factors);
    return factors;
  } catch (error) {
    console.error(CROP_DATA_MESSAGES.discountFactors, error);
    throw new Error(CROP_DATA_MESSAGES.discountFactors, { cause: error });
  }
}

/** What the calculator needs before it is shown: configs, crops and the general hurdle options, together. */
export async function loadCropData(): Promise<void> {
  await Promise.all([loadCropConfigs(), loadInsurableCrops(), loadHurdleOptions()]);
}

function okOrEmpty<T>(result: { success: true; data: T } | { success: false }): T[] {
  return result.success ? [result.data] : [];
}
