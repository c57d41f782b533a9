/**
 * Crop data of docs/behaviour.md §3 'Crop configuration' and §7 'Crop and pricing data', as the quote uses it:
 * the static defaults the person sees when the server has nothing usable, and the pure lookups the
 * calculator makes on whatever was loaded. The loading itself is in `api/` (one query per endpoint).
 */
import { DEFAULT_CROP_HURDLES, DEFAULT_HURDLE_OPTIONS, DEFAULT_INSURABLE_CROPS, DEFAULT_VARIETIES } from '@shared/constants';
import { hurdleOptionsForCrop } from '@shared/domain/pricing/quote-pricing';

// docs/behaviour.md §8 texts (exact).
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

export interface CropConfigs {
  hurdleConfigs: CropHurdleConfig[];
  areaLimits: AreaLimit[];
}

export function defaultHurdleConfigs(): CropHurdleConfig[] {
  return DEFAULT_CROP_HURDLES.map((row) => ({ id: `default-${row.cropType}`, ...row, isActive: true }));
}

export function defaultHurdleOptions(): HurdleOption[] {
  return DEFAULT_HURDLE_OPTIONS.map((option) => ({ id: `default-${option.percentage}`, ...option, isActive: true }));
}

export const defaultCropConfigs = (): CropConfigs => ({ hurdleConfigs: defaultHurdleConfigs(), areaLimits: [] });
export const defaultInsurableCrops = (): string[] => [...DEFAULT_INSURABLE_CROPS];
export const defaultVarieties = (): string[] => [...DEFAULT_VARIETIES];

const cropKey = (crop: string) => crop.trim().toLowerCase();

/** Minimum hurdle per crop, as the quote's cropDetails.minimumHurdlePercentages carries it. */
export function minimumHurdlePercentages(hurdleConfigs: readonly CropHurdleConfig[]): Record<string, number> {
  return Object.fromEntries(hurdleConfigs.map((config) => [config.cropType, config.minimumHurdlePercentage]));
}

/** The crop's configured default hurdle (docs/behaviour.md §5 table unless the API said otherwise); undefined for unlisted crops. */
export function defaultHurdleFor(hurdleConfigs: readonly CropHurdleConfig[], crop: string): number | undefined {
  return hurdleConfigs.find((config) => cropKey(config.cropType) === cropKey(crop))?.defaultHurdlePercentage;
}

/**
 * The hurdle options a crop may choose: those loaded for it, else the general list; either way
 * never below the crop's minimum (docs/behaviour.md §5), lowest first.
 */
export function hurdleOptionsFor(forCrop: readonly HurdleOption[] | undefined, general: readonly HurdleOption[], minimum: number): HurdleOption[] {
  return hurdleOptionsForCrop(forCrop !== undefined && forCrop.length > 0 ? forCrop : general, minimum);
}
