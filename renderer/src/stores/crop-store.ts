/**
 * The crop client state area (SPEC §3 'Crop configuration', §7 'Crop and pricing data'): hurdle
 * configs, area limits, insurable crops, hurdle options and varieties. It starts from the static
 * defaults of shared/constants.ts, which SPEC §7 says the user sees whenever the API has nothing
 * usable; the calls that refresh it are added with the pricing steps.
 */
import { DEFAULT_CROP_HURDLES, DEFAULT_HURDLE_OPTIONS, DEFAULT_INSURABLE_CROPS, DEFAULT_VARIETIES } from '@shared/constants';
import { createAppStore } from './create-store';

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
  hurdleOptions: HurdleOption[];
  /** Varieties by crop; a crop not listed has the default varieties. */
  varieties: Record<string, string[]>;
}

export interface CropActions {
  /** Keeps the active configs; none usable means the static hurdle table (SPEC §7). */
  setCropConfigs: (configs: { hurdleConfigs: CropHurdleConfig[]; areaLimits: AreaLimit[] }) => void;
  setInsurableCrops: (crops: string[]) => void;
  setHurdleOptions: (options: HurdleOption[]) => void;
  setVarieties: (crop: string, varieties: string[]) => void;
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
    varieties: {},
  };
}

/** The varieties offered for a crop: those loaded for it, else Standard and Premium (SPEC §7). */
export function varietiesFor(state: Pick<CropState, 'varieties'>, crop: string): string[] {
  const loaded = state.varieties[crop.trim().toLowerCase()];
  return loaded !== undefined && loaded.length > 0 ? loaded : [...DEFAULT_VARIETIES];
}

/** Minimum hurdle per crop, as the quote's cropDetails.minimumHurdlePercentages carries it. */
export function minimumHurdlePercentages(state: Pick<CropState, 'hurdleConfigs'>): Record<string, number> {
  return Object.fromEntries(state.hurdleConfigs.map((config) => [config.cropType, config.minimumHurdlePercentage]));
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
  setVarieties: (crop, varieties) =>
    set((state) => {
      state.varieties[crop.trim().toLowerCase()] = varieties;
    }),
}));
