import { z } from 'zod';
import { COVERAGE_TYPES } from '../constants';
import type { Position } from 'geojson';
import { isPaddockGeometry, type PaddockGeometry } from '../paddock-geometry';
import { formatHectares, formatMoneyInSentence } from '../format';

/**
 * Contracts of the pricing area: POST /api/pricing/calculate (docs/behaviour.md §7), the pricing model that
 * administrators edit (rates, factors, discounts, limits) and the estimate shapes of docs/behaviour.md §3.
 * Every message here is shown to a person, so each says what to change.
 */

// ---------------------------------------------------------------------------------------------
// docs/behaviour.md §8 pricing texts (exact).
export const COVERAGE_TYPE_REQUIRED_MESSAGE = 'Coverage type is required for estimate calculation';
export const NO_VALID_CROP_SECTIONS_MESSAGE = 'No valid crop sections with details found for pricing. Please ensure crops are selected and yield/price details are provided.';
export const RISK_ZONE_REQUIRED_MESSAGE = 'Risk zone is required for pricing. Please complete farm mapping first.';

/** Sanity ceilings that catch unit mistakes (t/ha and $/t), not business limits (those live in the model). */
export const MAX_EXPECTED_YIELD_T_PER_HA = 20;
export const MAX_PRICE_PER_TONNE = 5_000;
/** The largest area one paddock may have, typed or mapped: 100,000 ha (a very large WA station). */
export const MAX_PADDOCK_HECTARES = 100_000;
/** What a typed area over MAX_PADDOCK_HECTARES is told, in the wizard and on Your Farm alike; worded when needed, as priceTooHighMessage is. */
export const paddockTooLargeMessage = () => `A paddock can be at most ${formatHectares(MAX_PADDOCK_HECTARES)}`;
/** Above the most a crop yields: nearly always total tonnes typed where tonnes per hectare were asked for. */
export const EXPECTED_YIELD_TOO_HIGH_MESSAGE = `Expected yield must be at most ${MAX_EXPECTED_YIELD_T_PER_HA} tonnes per hectare; check it is in t/ha, not total tonnes`;
/** Worded when it is needed: a first money format costs a phone tens of milliseconds, which a module load should not pay. */
export const priceTooHighMessage = () => `Price per tonne must be at most ${formatMoneyInSentence(MAX_PRICE_PER_TONNE)}; check it is per tonne, not per hectare`;
export const MAX_CROP_ALLOCATIONS = 500;

const coverageTypeSchema = z.enum(COVERAGE_TYPES, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? COVERAGE_TYPE_REQUIRED_MESSAGE : "Coverage type must be 'hail', 'fire' or 'both'"),
});

function requiredNumber(label: string, unitHint: string) {
  return z.number({
    error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required${unitHint}` : `${label} must be a number${unitHint}`),
  });
}

export const PADDOCK_OUTLINE_MESSAGE = 'A paddock outline must be a GeoJSON Polygon or MultiPolygon of closed rings, [longitude, latitude] in decimal degrees';

function isClosedRing(ring: readonly Position[]): boolean {
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
}

/** A paddock's outline as the pricing rule reads it: closed rings, every position on the globe. */
export const paddockOutlineSchema = z.custom<PaddockGeometry>(
  (value) => isPaddockGeometry(value) && (value.type === 'Polygon' ? [value.coordinates] : value.coordinates).every((rings) => rings.every(isClosedRing)),
  { error: PADDOCK_OUTLINE_MESSAGE },
);

export const cropAllocationSchema = z.object({
  type: z
    .string({ error: 'Crop type is required for every crop allocation' })
    .trim()
    .min(1, { error: 'Crop type is required for every crop allocation' })
    .max(60, { error: 'Crop type must be at most 60 characters' }),
  hectares: requiredNumber('Hectares', '').gt(0, { error: 'Hectares must be greater than 0' }),
  expectedYield: requiredNumber('Expected yield', ' (tonnes per hectare)')
    .gt(0, { error: 'Expected yield must be greater than 0 tonnes per hectare' })
    .max(MAX_EXPECTED_YIELD_T_PER_HA, { error: EXPECTED_YIELD_TOO_HIGH_MESSAGE }),
  pricePerTonne: requiredNumber('Price per tonne', ' (dollars per tonne)').gt(0, { error: 'Price per tonne must be greater than $0' }).max(MAX_PRICE_PER_TONNE, { error: priceTooHighMessage }),
  hurdlePercentage: requiredNumber('Hurdle percentage', ' (use 0 for no hurdle)').min(0, { error: 'Hurdle percentage must be 0 or more' }).max(100, { error: 'Hurdle percentage must be at most 100' }),
  /**
   * Not in the docs/behaviour.md §7 body, optional: the paddock's name and outline. An allocation with an outline
   * is priced in the zone the outline lies in, whatever zone the body names (docs/pricing.md 'Who
   * decides the zone'); the quote wizard sends both.
   */
  paddock: z.string({ error: 'Paddock name must be text' }).max(200, { error: 'Paddock name must be at most 200 characters' }).optional(),
  outline: paddockOutlineSchema.optional(),
});
export type CropAllocation = z.infer<typeof cropAllocationSchema>;

export const coveragePreferencesSchema = z.object({
  irrigation: z.boolean({ error: 'Irrigation must be true or false' }).default(false),
  hailNetting: z.boolean({ error: 'Hail netting must be true or false' }).default(false),
  frostPrevention: z.boolean({ error: 'Frost prevention must be true or false' }).default(false),
});
export type CoveragePreferences = z.infer<typeof coveragePreferencesSchema>;
export const COVERAGE_PREFERENCE_KEYS = ['irrigation', 'hailNetting', 'frostPrevention'] as const;
export type CoveragePreferenceKey = (typeof COVERAGE_PREFERENCE_KEYS)[number];

/**
 * An allocation as a request may ask for it: one paddock section, so no larger than a paddock may be
 * (unbounded, 1e308 ha made the insured value infinite). Only what is asked for is bounded, so that
 * pricing stored before the bound still reads back.
 */
const requestedAllocationSchema = cropAllocationSchema.extend({ hectares: cropAllocationSchema.shape.hectares.max(MAX_PADDOCK_HECTARES, { error: paddockTooLargeMessage }) });

/** Keys are in the order of the docs/behaviour.md §5 preconditions so the first issue is the one to fix first. */
export const pricingCalculateRequestSchema = z.object({
  coverageType: coverageTypeSchema,
  cropAllocations: z
    .array(requestedAllocationSchema, { error: NO_VALID_CROP_SECTIONS_MESSAGE })
    .min(1, { error: NO_VALID_CROP_SECTIONS_MESSAGE })
    .max(MAX_CROP_ALLOCATIONS, {
      error: `At most ${MAX_CROP_ALLOCATIONS} crop allocations can be priced at once; combine paddock sections of the same crop`,
    }),
  zone: z.string({ error: RISK_ZONE_REQUIRED_MESSAGE }).trim().min(1, { error: RISK_ZONE_REQUIRED_MESSAGE }).max(40, { error: 'Risk zone code must be at most 40 characters' }),
  referrerCode: z.string({ error: 'Referrer code must be text' }).trim().max(64, { error: 'Referrer code must be at most 64 characters' }).nullish(),
  coveragePreferences: coveragePreferencesSchema.default({ irrigation: false, hailNetting: false, frostPrevention: false }),
  /**
   * Not in the docs/behaviour.md §7 body, optional: the farm location (farmData.farmLocation). When sent, the
   * server checks that `zone` is the zone the farm lies in and refuses the request otherwise
   * (docs/pricing.md 'Who decides the zone'); the quote wizard always sends it.
   */
  farmLocation: z
    .object(
      {
        lat: z.number({ error: 'farmLocation.lat must be a latitude in decimal degrees' }).min(-90).max(90),
        lng: z.number({ error: 'farmLocation.lng must be a longitude in decimal degrees' }).min(-180).max(180),
        label: z.string().max(300, { error: 'farmLocation.label must be at most 300 characters' }).optional(),
      },
      { error: 'farmLocation must be { lat, lng } in decimal degrees' },
    )
    .optional(),
});
export type PricingCalculateRequest = z.infer<typeof pricingCalculateRequestSchema>;
/** ?customerId= names the member priced for when someone acts for them (their broker, staff in support mode): their history counts. */
export const pricingCalculateQuerySchema = z.object({
  customerId: z.string({ error: 'customerId must be text' }).trim().min(1, { error: 'customerId must not be empty' }).max(128, { error: 'customerId is too long' }).optional(),
});
export type PricingCalculateRequestInput = z.input<typeof pricingCalculateRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Response.
export const DISCOUNT_KINDS = ['coveragePreference', 'volume', 'earlySeason', 'multiYear', 'referrer', 'conditional'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const appliedDiscountSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** The rate the rule grants (for the volume discount: the effective rate over the whole premium). */
  rate: z.number(),
  /** Dollars actually taken off, after the overall cap and the minimum premium. */
  amount: z.number(),
  description: z.string(),
});
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;

export const pricingIssueSchema = z.object({
  code: z.enum(['AREA_BELOW_MINIMUM', 'AREA_ABOVE_MAXIMUM', 'CANOLA_SHARE_EXCEEDED']),
  message: z.string(),
  /** Index into cropAllocations, or null when the issue is about the whole quote. */
  allocationIndex: z.number().int().nullable(),
});
export type PricingIssue = z.infer<typeof pricingIssueSchema>;

export const canolaCapInfoSchema = z.object({
  cropType: z.string(),
  maxValuePerHectare: z.number().nullable(),
  maxShareOfInsuredValue: z.number().nullable(),
  /** hectares × yield × price as entered, over all canola allocations. */
  declaredValue: z.number(),
  /** Value actually covered (and charged for) after the per-hectare cap. */
  coveredValue: z.number(),
  uncoveredValue: z.number(),
  /** Canola's share of the quote's covered insured value, 0..1. */
  shareOfInsuredValue: z.number(),
  capApplied: z.boolean(),
  cappedAllocationIndexes: z.array(z.number().int()),
  message: z.string(),
});
export type CanolaCapInfo = z.infer<typeof canolaCapInfoSchema>;

export const allocationBreakdownSchema = z.object({
  allocationIndex: z.number().int(),
  cropType: z.string(),
  hectares: z.number(),
  declaredValue: z.number(),
  insuredValue: z.number(),
  /** The zone this allocation is priced in: its paddock's (absent in pricing stored before paddocks had zones of their own). */
  zoneCode: z.string().optional(),
  /** Zone rate in percent of insured value for the coverage type. */
  zoneRatePercent: z.number(),
  /** Crop factor for the coverage type ('both': the hail and fire factors weighted by the zone's rates). */
  cropFactor: z.number(),
  hurdlePercentage: z.number(),
  hurdleMultiplier: z.number(),
  /** Premium before any discount, rounded to cents for display (the total is rounded once, from unrounded parts). */
  grossPremium: z.number(),
});
export type AllocationBreakdown = z.infer<typeof allocationBreakdownSchema>;

export const pricingCalculateResponseSchema = z.object({
  /** Premium after discounts and the minimum premium; the 'API premium' of docs/behaviour.md §9. */
  premium: z.number().nonnegative(),
  insuredValue: z.number().nonnegative(),
  totalDiscountAmount: z.number().nonnegative(),
  appliedDynamicDiscounts: z.array(appliedDiscountSchema),
  canolaCapInfo: canolaCapInfoSchema.nullable(),
  canolaValidationIssues: z.array(pricingIssueSchema),
  /** premium = grossPremium − totalDiscountAmount + minimumPremiumTopUp, to the cent. */
  grossPremium: z.number().nonnegative(),
  minimumPremiumTopUp: z.number().nonnegative(),
  areaLimitIssues: z.array(pricingIssueSchema),
  coverageType: z.enum(COVERAGE_TYPES),
  zone: z.object({ code: z.string(), name: z.string() }),
  breakdown: z.array(allocationBreakdownSchema),
  modelVersion: z.string(),
});
export type PricingCalculateResponse = z.infer<typeof pricingCalculateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Pricing model: everything the engine needs that administrators may change without a release.
export const RISK_LEVELS = ['low', 'moderate', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

const MAX_ZONE_RATE_PERCENT = 20;
const ratePercent = (label: string) =>
  z
    .number({ error: `${label} must be a number (percent of insured value)` })
    .gt(0, { error: `${label} must be greater than 0 (percent of insured value)` })
    .max(MAX_ZONE_RATE_PERCENT, { error: `${label} must be at most ${MAX_ZONE_RATE_PERCENT} (percent of insured value)` });
const discountRate = (label: string) =>
  z
    .number({ error: `${label} must be a number between 0 and 0.5 (0.05 means 5%)` })
    .min(0, { error: `${label} must be 0 or more (0.05 means 5%)` })
    .max(0.5, { error: `${label} must be at most 0.5 (50%); 0.05 means 5%` });
const monthDay = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'Dates must be written MM-DD, for example 04-01 for 1 April' });

export const zonePricingSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Z0-9-]{2,40}$/, { error: 'Zone code must be 2 to 40 capital letters, digits or hyphens' }),
    name: z.string().trim().min(1, { error: 'Zone name is required' }),
    riskLevel: z.enum(RISK_LEVELS, { error: "Risk level must be 'low', 'moderate' or 'high'" }),
    hailRate: ratePercent('Hail rate'),
    fireRate: ratePercent('Fire rate'),
    bothRate: ratePercent('Hail and fire package rate'),
    isActive: z.boolean().default(true),
  })
  .superRefine((zone, ctx) => {
    const apart = zone.hailRate + zone.fireRate;
    if (!(zone.bothRate < apart)) {
      ctx.addIssue({
        code: 'custom',
        path: ['bothRate'],
        message: `Zone ${zone.code}: the hail and fire package rate (${zone.bothRate}%) must be lower than hail (${zone.hailRate}%) plus fire (${zone.fireRate}%) bought apart (${round6(apart)}%)`,
      });
    }
    if (zone.bothRate < Math.max(zone.hailRate, zone.fireRate)) {
      ctx.addIssue({
        code: 'custom',
        path: ['bothRate'],
        message: `Zone ${zone.code}: the hail and fire package rate (${zone.bothRate}%) must not be lower than the hail or fire rate alone`,
      });
    }
  });
export type ZonePricing = z.infer<typeof zonePricingSchema>;

export const cropRateFactorSchema = z.object({
  cropType: z
    .string()
    .trim()
    .min(1, { error: 'Crop type is required' })
    .refine((value) => value === value.toLowerCase(), { error: 'Crop type must be written in lower case, e.g. field peas' }),
  hailFactor: z.number().min(0.25, { error: 'Hail factor must be at least 0.25' }).max(4, { error: 'Hail factor must be at most 4' }),
  fireFactor: z.number().min(0.25, { error: 'Fire factor must be at least 0.25' }).max(4, { error: 'Fire factor must be at most 4' }),
  isActive: z.boolean().default(true),
});
export type CropRateFactor = z.infer<typeof cropRateFactorSchema>;

export const pricingHurdleOptionSchema = z.object({
  percentage: z.number().min(0, { error: 'Hurdle percentage must be 0 or more' }).max(50, { error: 'Hurdle percentage must be at most 50' }),
  impactMultiplier: z.number().gt(0, { error: 'Hurdle impact multiplier must be greater than 0' }).max(1, { error: 'Hurdle impact multiplier must be at most 1 (a hurdle never raises the premium)' }),
  description: z.string().trim().min(1, { error: 'Hurdle description is required, e.g. 10% hurdle' }),
  isActive: z.boolean().default(true),
});
export type PricingHurdleOption = z.infer<typeof pricingHurdleOptionSchema>;

export const areaLimitSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().trim().min(1, { error: 'Area limit name is required' }),
    /** 'allocation': each crop allocation; 'quote': the total of the quote (of cropType when set). */
    scope: z.enum(['allocation', 'quote'], { error: "Area limit scope must be 'allocation' or 'quote'" }),
    cropType: z.string().trim().min(1).nullable(),
    minHectares: z.number().nonnegative({ error: 'Minimum hectares must be 0 or more' }).nullable(),
    maxHectares: z.number().positive({ error: 'Maximum hectares must be greater than 0' }).nullable(),
    isActive: z.boolean().default(true),
  })
  .refine((limit) => limit.minHectares === null || limit.maxHectares === null || limit.minHectares <= limit.maxHectares, {
    error: 'Minimum hectares must not be more than maximum hectares',
    path: ['minHectares'],
  });
export type AreaLimit = z.infer<typeof areaLimitSchema>;

/** A fixed discount on one peril's part of the premium, granted when the request's coverage preference is true. */
export const discountFactorSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1, { error: 'Discount factor name is required' }),
  kind: z.enum(COVERAGE_PREFERENCE_KEYS, { error: "Discount factor kind must be 'irrigation', 'hailNetting' or 'frostPrevention'" }),
  peril: z.enum(['hail', 'fire'], { error: "Discount factor peril must be 'hail' or 'fire'" }),
  value: discountRate('Discount factor value'),
  isActive: z.boolean().default(true),
});
export type DiscountFactor = z.infer<typeof discountFactorSchema>;

const calendarDate = (label: string) => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: `${label} must be a date written YYYY-MM-DD, for example 2026-06-30` });
const ruleBase = {
  id: z.string().min(1),
  name: z.string().trim().min(1, { error: 'Discount rule name is required' }).max(120, { error: 'Discount rule name must be at most 120 characters' }),
  isActive: z.boolean().default(true),
  /** Rules are applied highest first; among rules that do not stack, the higher priority wins a tie. Absent: 0. */
  priority: z
    .number({ error: 'Priority must be a whole number from 0 to 1000' })
    .int({ error: 'Priority must be a whole number from 0 to 1000' })
    .min(0, { error: 'Priority must be a whole number from 0 to 1000' })
    .max(1000, { error: 'Priority must be a whole number from 0 to 1000' })
    .optional(),
  /** false: the rule is never combined with another; the member gets the better of it alone or the stacking rules together. Absent: stacks. */
  stacks: z.boolean().optional(),
  /** Inclusive window of quote dates (WA) in which the rule applies at all; null: open-ended. */
  validFrom: calendarDate('Valid from').nullable().optional(),
  validTo: calendarDate('Valid to').nullable().optional(),
};
/** What a conditional rule asks of a quote; every condition set must hold (an empty list or null asks nothing). */
export const discountConditionsSchema = z.object({
  minTotalHectares: z.number({ error: 'Minimum total area must be a number of hectares' }).positive({ error: 'Minimum total area must be more than 0 ha' }).nullable().default(null),
  maxTotalHectares: z.number({ error: 'Maximum total area must be a number of hectares' }).positive({ error: 'Maximum total area must be more than 0 ha' }).nullable().default(null),
  /** Crop mix: every crop listed must be in the quote. */
  requiredCrops: z
    .array(z.string().trim().toLowerCase().min(1, { error: 'A crop name must not be empty' }))
    .max(20)
    .default([]),
  /** Crop mix: at least this many different crops. */
  minDistinctCrops: z.number().int({ error: 'Distinct crops must be a whole number' }).min(2, { error: 'Distinct crops must be 2 or more (one crop is every quote)' }).max(20).nullable().default(null),
  /** Member for N seasons: prior seasons with the mutual. */
  minPriorSeasons: z.number().int({ error: 'Member seasons must be a whole number' }).min(1, { error: 'Member seasons must be 1 or more' }).max(100).nullable().default(null),
  /** Joined with the code of an active referrer. */
  requiresReferrer: z.boolean().default(false),
  /** Early application: quoted on or before this date (WA). */
  applyBy: calendarDate('Apply by').nullable().default(null),
  /** Any of these zone codes. */
  zones: z.array(z.string().trim().toUpperCase().min(1)).max(50).default([]),
  /** Any of these coverage types. */
  coverageTypes: z
    .array(z.enum(COVERAGE_TYPES, { error: "Coverage type must be 'hail', 'fire' or 'both'" }))
    .max(3)
    .default([]),
});
export type DiscountConditions = z.infer<typeof discountConditionsSchema>;
export const MAX_FIXED_DISCOUNT = 100_000;
export const discountAmountSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percentage'), rate: discountRate('Discount rate') }),
  z.object({
    type: z.literal('fixed'),
    value: z
      .number({ error: 'A fixed discount must be a number of dollars' })
      .positive({ error: 'A fixed discount must be more than $0' })
      .max(MAX_FIXED_DISCOUNT, { error: () => `A fixed discount must be at most ${formatMoneyInSentence(MAX_FIXED_DISCOUNT)}` }),
  }),
]);
export type DiscountAmount = z.infer<typeof discountAmountSchema>;
export const volumeBandSchema = z.object({
  fromInsuredValue: z.number().nonnegative({ error: 'A volume band must start at $0 or more' }),
  rate: discountRate('Volume band rate'),
});
export const dynamicDiscountRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    ...ruleBase,
    kind: z.literal('volume'),
    /** Graduated like tax brackets: each band's rate applies to the share of the premium of the insured value inside that band. */
    bands: z
      .array(volumeBandSchema)
      .min(1, { error: 'A volume discount needs at least one band' })
      .superRefine((bands, ctx) => {
        if (bands[0]?.fromInsuredValue !== 0) {
          ctx.addIssue({ code: 'custom', message: 'The first volume band must start at $0' });
        }
        for (let i = 1; i < bands.length; i += 1) {
          const previous = bands[i - 1];
          const band = bands[i];
          if (!previous || !band) continue;
          if (!(band.fromInsuredValue > previous.fromInsuredValue)) {
            ctx.addIssue({ code: 'custom', path: [i, 'fromInsuredValue'], message: 'Volume bands must be listed from the lowest insured value up, without repeats' });
          }
          if (band.rate < previous.rate) {
            ctx.addIssue({ code: 'custom', path: [i, 'rate'], message: 'A higher volume band must not have a lower rate than the band below it' });
          }
        }
      }),
  }),
  z.object({
    ...ruleBase,
    kind: z.literal('earlySeason'),
    /** Inclusive window of the quote date, repeated every year; may wrap past 31 December. */
    windowStart: monthDay,
    windowEnd: monthDay,
    rate: discountRate('Early-season rate'),
  }),
  z.object({
    ...ruleBase,
    kind: z.literal('multiYear'),
    minimumPriorSeasons: z.number().int().min(1, { error: 'A multi-year discount needs at least 1 prior season' }),
    rate: discountRate('Multi-year rate'),
  }),
  z.object({
    ...ruleBase,
    kind: z.literal('referrer'),
    rate: discountRate('Referrer rate'),
  }),
  z.object({
    ...ruleBase,
    kind: z.literal('conditional'),
    conditions: discountConditionsSchema,
    amount: discountAmountSchema,
  }),
]);
export type DynamicDiscountRule = z.infer<typeof dynamicDiscountRuleSchema>;
export type VolumeDiscountRule = Extract<DynamicDiscountRule, { kind: 'volume' }>;

export const canolaCapSchema = z.object({
  cropType: z.string().trim().min(1).default('canola'),
  /** Insured value per hectare above which canola is neither covered nor charged; null for no cap. */
  maxValuePerHectare: z.number().positive({ error: 'Canola maximum value per hectare must be greater than 0' }).nullable(),
  /** Largest share (0..1] of a quote's insured value canola may make up before the quote is flagged; null for no limit. */
  maxShareOfInsuredValue: z.number().gt(0, { error: 'Canola maximum share must be greater than 0 (0.6 means 60%)' }).max(1, { error: 'Canola maximum share must be at most 1 (0.6 means 60%)' }).nullable(),
  isActive: z.boolean().default(true),
});
export type CanolaCap = z.infer<typeof canolaCapSchema>;

export const pricingModelSchema = z
  .object({
    version: z.string().trim().min(1, { error: 'Pricing model version is required' }),
    zones: z.array(zonePricingSchema).min(1, { error: 'At least one agriculture zone is required' }),
    cropFactors: z.array(cropRateFactorSchema).min(1, { error: 'At least one crop rate factor is required' }),
    hurdleOptions: z.array(pricingHurdleOptionSchema).min(1, { error: 'At least one hurdle option is required' }),
    areaLimits: z.array(areaLimitSchema),
    discountFactors: z.array(discountFactorSchema),
    dynamicDiscounts: z.array(dynamicDiscountRuleSchema),
    /** Ceiling on the sum of dynamic discount rates, e.g. 0.12 for 12%. */
    maxTotalDiscountRate: z.number().min(0, { error: 'Maximum total discount must be 0 or more' }).max(0.5, {
      error: 'Maximum total discount must be at most 0.5 (50%)',
    }),
    canolaCap: canolaCapSchema.nullable(),
    /** The least premium (dollars, before the displayed loading) charged for any quote. */
    minimumPremium: z.number().nonnegative({ error: 'Minimum premium must be $0 or more' }),
  })
  .superRefine((model, ctx) => {
    const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
    for (const code of new Set(duplicates(model.zones.map((zone) => zone.code)))) {
      ctx.addIssue({ code: 'custom', path: ['zones'], message: `Zone code ${code} is used twice; zone codes must be unique` });
    }
    for (const crop of new Set(duplicates(model.cropFactors.map((factor) => factor.cropType)))) {
      ctx.addIssue({ code: 'custom', path: ['cropFactors'], message: `Crop ${crop} has two rate factors; keep one` });
    }
    const activeHurdles = model.hurdleOptions.filter((option) => option.isActive).sort((a, b) => a.percentage - b.percentage);
    for (const percentage of new Set(duplicates(activeHurdles.map((option) => String(option.percentage))))) {
      ctx.addIssue({ code: 'custom', path: ['hurdleOptions'], message: `The ${percentage}% hurdle is listed twice; keep one` });
    }
    const zeroHurdle = activeHurdles.find((option) => option.percentage === 0);
    if (!zeroHurdle || zeroHurdle.impactMultiplier !== 1) {
      ctx.addIssue({ code: 'custom', path: ['hurdleOptions'], message: 'An active 0% hurdle with impact multiplier 1 is required (no hurdle means no reduction)' });
    }
    for (let i = 1; i < activeHurdles.length; i += 1) {
      const lower = activeHurdles[i - 1];
      const higher = activeHurdles[i];
      if (lower && higher && higher.impactMultiplier > lower.impactMultiplier) {
        ctx.addIssue({
          code: 'custom',
          path: ['hurdleOptions'],
          message: `The ${higher.percentage}% hurdle's multiplier (${higher.impactMultiplier}) must not be higher than the ${lower.percentage}% hurdle's (${lower.impactMultiplier}); a higher hurdle must never cost more`,
        });
      }
    }
    for (const kind of ['volume', 'earlySeason', 'multiYear', 'referrer'] as const) {
      const active = model.dynamicDiscounts.filter((rule) => rule.isActive && rule.kind === kind);
      if (active.length > 1) {
        ctx.addIssue({ code: 'custom', path: ['dynamicDiscounts'], message: `Only one ${kind} discount may be active; deactivate all but one of: ${active.map((rule) => rule.name).join(', ')}` });
      }
    }
    model.dynamicDiscounts.forEach((rule, index) => {
      if (rule.validFrom && rule.validTo && rule.validFrom > rule.validTo) {
        ctx.addIssue({ code: 'custom', path: ['dynamicDiscounts', index, 'validTo'], message: `${rule.name}: the validity window must end on or after the day it starts (${rule.validFrom})` });
      }
      if (rule.kind === 'conditional') {
        const { minTotalHectares, maxTotalHectares } = rule.conditions;
        if (minTotalHectares !== null && maxTotalHectares !== null && minTotalHectares > maxTotalHectares) {
          ctx.addIssue({
            code: 'custom',
            path: ['dynamicDiscounts', index, 'conditions', 'maxTotalHectares'],
            message: `${rule.name}: the maximum total area must be at least the minimum (${minTotalHectares} ha)`,
          });
        }
      }
    });
    const activeFactors = model.discountFactors.filter((factor) => factor.isActive);
    for (const kind of new Set(duplicates(activeFactors.map((factor) => `${factor.kind}/${factor.peril}`)))) {
      ctx.addIssue({ code: 'custom', path: ['discountFactors'], message: `Two active discount factors are set for ${kind}; keep one` });
    }
    // Graduated volume discounts could make a bigger quote cheaper if the cheapest and dearest insured
    // dollar differ too much. Keep the spread of premium rates within what the top band allows.
    const volume = model.dynamicDiscounts.find((rule): rule is VolumeDiscountRule => rule.isActive && rule.kind === 'volume');
    const topRate = volume ? Math.max(...volume.bands.map((band) => band.rate)) : 0;
    const cropFactors = model.cropFactors.filter((factor) => factor.isActive).flatMap((factor) => [factor.hailFactor, factor.fireFactor]);
    if (topRate > 0 && cropFactors.length > 0 && activeHurdles.length > 0) {
      const maxPreferenceDiscount = Math.max(0, ...activeFactors.map((factor) => factor.value));
      const spread =
        ((Math.max(...cropFactors) / Math.min(...cropFactors)) * (Math.max(...activeHurdles.map((option) => option.impactMultiplier)) / Math.min(...activeHurdles.map((option) => option.impactMultiplier)))) /
        (1 - maxPreferenceDiscount);
      const allowed = (1 - model.maxTotalDiscountRate) / topRate;
      if (spread > allowed) {
        ctx.addIssue({
          code: 'custom',
          path: ['dynamicDiscounts'],
          message: `The top volume band rate (${topRate}) is too steep for the spread of crop factors, hurdle multipliers and discount factors (${round6(spread)}× between the cheapest and dearest insured dollar; at most ${round6(allowed)}× allowed): adding insured value could lower a premium. Lower the top band rate or narrow the factors.`,
        });
      }
    }
  });
export type PricingModel = z.infer<typeof pricingModelSchema>;
export type PricingModelInput = z.input<typeof pricingModelSchema>;

// ---------------------------------------------------------------------------------------------
// Estimates (docs/behaviour.md §3).
export const estimateSchema = z.object({
  /** Displayed premium: API premium plus 10% of it. */
  premium: z.number().nonnegative(),
  membershipFee: z.number().nonnegative(),
  totalPayable: z.number().nonnegative(),
  insuredValue: z.number().nonnegative(),
  coveredArea: z.number().nonnegative(),
  /** The pricing zone's code ('CWB'), under docs/behaviour.md §3's wire name; a paddock's `riskZone` is its risk level. */
  riskZone: z.string(),
  coveredSectionsCount: z.number().int().nonnegative(),
  totalSectionsProvided: z.number().int().nonnegative(),
  premiumBreakdown: z.object({ basePremium: z.number().nonnegative(), membershipFee: z.number().nonnegative() }),
  coverageDetails: z.object({ coverageType: z.enum(COVERAGE_TYPES), coverageTypeDescription: z.string() }),
  totalDiscountAmount: z.number().nonnegative(),
  appliedDynamicDiscounts: z.array(appliedDiscountSchema),
  canolaCapInfo: canolaCapInfoSchema.nullable(),
  canolaValidationIssues: z.array(pricingIssueSchema),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const hurdleComparisonSchema = z.object({
  actualPremium: z.number().nonnegative(),
  noHurdlePremium: z.number().nonnegative(),
  /** The 20%-hurdle scenario; null when some allocation already has a hurdle (the scenario is not priced then). */
  maxHurdlePremium: z.number().nonnegative().nullable(),
  savings: z.number(),
  potentialSavings: z.number(),
});
export type HurdleComparison = z.infer<typeof hurdleComparisonSchema>;

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
