import type { DynamicDiscountRule, PricingModel } from '@shared/contracts/pricing';
import { pricingModelSchema } from '@shared/contracts/pricing';
import type { CropHurdleConfig, GeoJsonArea } from '@shared/contracts/protection';
import { geoJsonAreaSchema } from '@shared/contracts/protection';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { SharedState } from '../../lib/shared-state';

/**
 * The pricing model as the engine needs it, read from the tables administrators edit
 * (reference.prisma: zones, hurdle options, crops; pricing.prisma: the rest), checked with
 * pricingModelSchema, and kept in memory for PRICING_CACHE_TTL_MS per process. A change made
 * through the server calls invalidate(), which every instance hears of (shareChanges); a change
 * made straight in the database shows within the TTL.
 */

export const PRICING_SETTINGS_ID = 'current';
export const PRICING_CACHE_TTL_MS = 30_000;

export interface ZoneArea {
  code: string;
  name: string;
  riskLevel: string;
  hailRate: number;
  fireRate: number;
  bothRate: number;
  boundary: GeoJsonArea;
}

export interface PricingSnapshot {
  model: PricingModel;
  /** Active zones with a valid outline, in display order. */
  zones: ZoneArea[];
  /** Active hurdle options, lowest first, with their row ids. */
  hurdleOptions: Array<{ id: string; percentage: number; impactMultiplier: number; description: string; isActive: boolean }>;
  /** Active crop hurdle configs (docs/behaviour.md §3 'Crop configuration'). */
  hurdleConfigs: CropHurdleConfig[];
  /** Active insurable crop names in display order, and their active varieties. */
  crops: Array<{ name: string; varieties: string[] }>;
  loadedAt: number;
}

export class PricingModelInvalidError extends AppError {
  constructor(detail: string) {
    super(503, 'pricing_model_invalid', `Pricing is unavailable: the pricing model needs correcting by an administrator (${detail}).`);
  }
}

/**
 * The model as stored, before it is checked: what the engine would read, and what an administrator's
 * change is applied to (shared/domain/pricing/model-edit.ts) before the whole is checked again.
 */
export async function readPricingModel(db: Database) {
  const [zones, hurdleOptions, crops, cropFactors, areaLimits, discountFactors, rules, settings, hurdleConfigs] = await Promise.all([
    db.agricultureZone.findMany({ orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }] }),
    db.hurdleOption.findMany({ orderBy: { percentage: 'asc' } }),
    db.insurableCrop.findMany({ orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }], include: { varieties: { where: { isActive: true }, orderBy: { name: 'asc' } } } }),
    db.cropRateFactor.findMany({ orderBy: { cropType: 'asc' } }),
    db.areaLimit.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] }),
    db.discountFactor.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] }),
    db.dynamicDiscountRule.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] }),
    db.pricingSettings.findUnique({ where: { id: PRICING_SETTINGS_ID } }),
    db.cropHurdleConfig.findMany({ where: { isActive: true }, orderBy: { cropType: 'asc' } }),
  ]);
  if (!settings) throw new PricingModelInvalidError('the pricing settings row is missing; restart the server to seed it');

  // A crop is priced only while it is an active insurable crop and its rate factor is active.
  const activeCrops = new Set(crops.filter((crop) => crop.isActive).map((crop) => crop.name.toLowerCase()));
  const candidate = {
    version: settings.version,
    zones: zones.map(({ code, name, riskLevel, hailRate, fireRate, bothRate, isActive }) => ({ code, name, riskLevel, hailRate, fireRate, bothRate, isActive })),
    cropFactors: cropFactors.map(({ cropType, hailFactor, fireFactor, isActive }) => ({
      cropType,
      hailFactor,
      fireFactor,
      isActive: isActive && activeCrops.has(cropType.toLowerCase()),
    })),
    hurdleOptions: hurdleOptions.map(({ percentage, impactMultiplier, description, isActive }) => ({ percentage, impactMultiplier, description, isActive })),
    areaLimits: areaLimits.map(({ id, name, scope, cropType, minHectares, maxHectares, isActive }) => ({ id, name, scope, cropType, minHectares, maxHectares, isActive })),
    discountFactors: discountFactors.map(({ id, name, kind, peril, value, isActive }) => ({ id, name, kind, peril, value, isActive })),
    dynamicDiscounts: rules.map(dynamicRuleFromRow),
    maxTotalDiscountRate: settings.maxTotalDiscountRate,
    canolaCap: {
      cropType: settings.canolaCropType,
      maxValuePerHectare: settings.canolaMaxValuePerHectare,
      maxShareOfInsuredValue: settings.canolaMaxShare,
      isActive: settings.canolaCapActive,
    },
    minimumPremium: settings.minimumPremium,
  };
  return { candidate, zones, hurdleOptions, crops, hurdleConfigs };
}

export async function loadPricingSnapshot(db: Database): Promise<PricingSnapshot> {
  const { candidate, zones, hurdleOptions, crops, hurdleConfigs } = await readPricingModel(db);
  const parsed = pricingModelSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PricingModelInvalidError(issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown problem');
  }

  const zoneAreas: ZoneArea[] = [];
  for (const zone of zones) {
    const boundary = geoJsonAreaSchema.safeParse(zone.boundary);
    const riskLevel = parsed.data.zones.find((item) => item.code === zone.code)?.riskLevel ?? zone.riskLevel;
    if (zone.isActive && boundary.success) {
      zoneAreas.push({ code: zone.code, name: zone.name, riskLevel, hailRate: zone.hailRate, fireRate: zone.fireRate, bothRate: zone.bothRate, boundary: boundary.data });
    }
  }
  return {
    model: parsed.data,
    zones: zoneAreas,
    hurdleOptions: hurdleOptions.filter((option) => option.isActive).map(({ id, percentage, impactMultiplier, description, isActive }) => ({ id, percentage, impactMultiplier, description, isActive })),
    hurdleConfigs: hurdleConfigs.map(({ id, cropType, minimumHurdlePercentage, defaultHurdlePercentage, isActive }) => ({
      id,
      cropType,
      minimumHurdlePercentage,
      defaultHurdlePercentage,
      isActive,
    })),
    crops: crops.filter((crop) => crop.isActive).map((crop) => ({ name: crop.name, varieties: crop.varieties.map((variety) => variety.name) })),
    loadedAt: Date.now(),
  };
}

function dynamicRuleFromRow(row: {
  id: string;
  name: string;
  kind: string;
  rate: number | null;
  bands: unknown;
  windowStart: string | null;
  windowEnd: string | null;
  minimumPriorSeasons: number | null;
  conditions: unknown;
  fixedAmount: number | null;
  priority: number;
  stacks: boolean;
  validFrom: string | null;
  validTo: string | null;
  isActive: boolean;
}): Record<string, unknown> {
  const base = { id: row.id, name: row.name, kind: row.kind, isActive: row.isActive, priority: row.priority, stacks: row.stacks, validFrom: row.validFrom, validTo: row.validTo };
  switch (row.kind) {
    case 'volume':
      return { ...base, bands: row.bands };
    case 'earlySeason':
      return { ...base, windowStart: row.windowStart, windowEnd: row.windowEnd, rate: row.rate };
    case 'multiYear':
      return { ...base, minimumPriorSeasons: row.minimumPriorSeasons, rate: row.rate };
    case 'conditional':
      return { ...base, conditions: row.conditions, amount: row.fixedAmount !== null ? { type: 'fixed', value: row.fixedAmount } : { type: 'percentage', rate: row.rate } };
    default:
      return { ...base, rate: row.rate };
  }
}

/** The columns of a dynamic discount rule row (the inverse of dynamicRuleFromRow). */
export function dynamicRuleColumns(rule: DynamicDiscountRule) {
  const base = {
    name: rule.name,
    kind: rule.kind,
    isActive: rule.isActive,
    priority: rule.priority ?? 0,
    stacks: rule.stacks ?? true,
    validFrom: rule.validFrom ?? null,
    validTo: rule.validTo ?? null,
    rate: null,
    bands: undefined,
    windowStart: null,
    windowEnd: null,
    minimumPriorSeasons: null,
    conditions: undefined,
    fixedAmount: null,
  };
  switch (rule.kind) {
    case 'volume':
      return { ...base, bands: rule.bands };
    case 'earlySeason':
      return { ...base, rate: rule.rate, windowStart: rule.windowStart, windowEnd: rule.windowEnd };
    case 'multiYear':
      return { ...base, rate: rule.rate, minimumPriorSeasons: rule.minimumPriorSeasons };
    case 'referrer':
      return { ...base, rate: rule.rate };
    case 'conditional':
      return { ...base, conditions: rule.conditions, ...(rule.amount.type === 'fixed' ? { fixedAmount: rule.amount.value } : { rate: rule.amount.rate }) };
  }
}

export interface PricingModelCache {
  get(): Promise<PricingSnapshot>;
  /**
   * Call after any change to the model's tables: the next get() here reads them again, and every
   * other instance is told to do the same (through the shared state, within a second).
   */
  invalidate(): void;
  /** Announces this cache's invalidations to other instances and heeds theirs; once per cache. */
  shareChanges(shared: SharedState, logger: Logger): void;
}

const caches = new WeakMap<Database, PricingModelCache>();

/** One cache per database client, shared by every router of an app. */
export function pricingModelCache(db: Database, ttlMs = PRICING_CACHE_TTL_MS): PricingModelCache {
  const existing = caches.get(db);
  if (existing) return existing;
  let current: { snapshot: PricingSnapshot; expiresAt: number } | null = null;
  let loading: Promise<PricingSnapshot> | null = null;
  let generation = 0;
  let announce: (() => void) | undefined;
  const forget = () => {
    generation += 1;
    current = null;
    loading = null;
  };
  const cache: PricingModelCache = {
    async get() {
      if (current && current.expiresAt > Date.now()) return current.snapshot;
      if (!loading) {
        const startedAt = generation;
        loading = loadPricingSnapshot(db)
          .then((snapshot) => {
            if (startedAt === generation) current = { snapshot, expiresAt: Date.now() + ttlMs };
            return snapshot;
          })
          .finally(() => {
            loading = null;
          });
      }
      return loading;
    },
    invalidate() {
      forget();
      announce?.();
    },
    shareChanges(shared, logger) {
      if (announce) return;
      shared.onChange('pricing-model', forget);
      announce = () => {
        // The change itself is saved; other instances still pick it up within the cache's TTL.
        shared.announce('pricing-model').catch((error: unknown) => logger.error({ err: error }, 'could not announce a pricing model change to other instances'));
      };
    },
  };
  caches.set(db, cache);
  return cache;
}
