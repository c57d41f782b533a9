import { z } from 'zod';
import { APPLICATION_AWAITING, PROTECTION_STAGES, PROTECTION_STATUSES } from './protection-status';
import { COVERAGE_TYPES } from '../constants';
import { areaLimitSchema, cropAllocationSchema, discountFactorSchema, estimateSchema, hurdleComparisonSchema, pricingCalculateResponseSchema, RISK_LEVELS } from './pricing';
import { pageParam, pageSizeParam } from './paging';
import { emailAddress } from './fields';

/**
 * Contracts of the farm-mapping, crop-data, estimate, submission and callback routes (docs/behaviour.md §7
 * 'Crop and pricing data', 'Estimates and submission'). Messages are shown to people, so each one
 * says what to change.
 */

// docs/behaviour.md §8 texts (exact).
export const QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE = 'Quote submission payload is required';
export const CALLBACK_FAILED_MESSAGE = 'Failed to submit callback request';

// ---------------------------------------------------------------------------------------------
// Agriculture zones.
export const geoJsonAreaSchema = z.union([
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))) }),
]);
export type GeoJsonArea = z.infer<typeof geoJsonAreaSchema>;

export const agricultureZoneSchema = z.object({
  code: z.string(),
  name: z.string(),
  riskLevel: z.enum(RISK_LEVELS),
  /** Percent of insured value. */
  hailRate: z.number(),
  fireRate: z.number(),
  bothRate: z.number(),
  /** GeoJSON outline ([longitude, latitude]) so the map can show the zones. */
  boundary: geoJsonAreaSchema,
});
export type AgricultureZone = z.infer<typeof agricultureZoneSchema>;
export const agricultureZoneListSchema = z.array(agricultureZoneSchema);

function coordinate(name: 'lat' | 'lng', min: number, max: number, example: string) {
  const label = name === 'lat' ? 'Latitude (lat)' : 'Longitude (lng)';
  return z
    .string({ error: `${label} is required, in decimal degrees, e.g. ${example}` })
    .trim()
    .min(1, { error: `${label} is required, in decimal degrees, e.g. ${example}` })
    .regex(/^[-+]?\d+(\.\d+)?$/, { error: `${label} must be a number in decimal degrees, e.g. ${example}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `${label} must be between ${min} and ${max}` })
        .max(max, { error: `${label} must be between ${min} and ${max}` }),
    );
}
export const zoneLookupQuerySchema = z.object({
  lat: coordinate('lat', -90, 90, '-31.48 for Merredin'),
  lng: coordinate('lng', -180, 180, '118.28 for Merredin'),
});
export type ZoneLookupQuery = z.infer<typeof zoneLookupQuerySchema>;
export const OUTSIDE_GRAIN_BELT_MESSAGE =
  'That point is outside the grain belt zones we protect. Check the farm location on the map; if it is right, request a callback and we will work out your risk zone with you.';

// ---------------------------------------------------------------------------------------------
// Crop data.
export const cropHurdleConfigSchema = z.object({
  id: z.string(),
  cropType: z.string(),
  minimumHurdlePercentage: z.number(),
  defaultHurdlePercentage: z.number(),
  isActive: z.boolean(),
});
export type CropHurdleConfig = z.infer<typeof cropHurdleConfigSchema>;

export const cropConfigsResponseSchema = z.object({
  hurdleConfigs: z.array(cropHurdleConfigSchema),
  areaLimits: z.array(areaLimitSchema),
});
export type CropConfigsResponse = z.infer<typeof cropConfigsResponseSchema>;

export const insurableCropsResponseSchema = z.array(z.string());
export const discountFactorsResponseSchema = z.array(discountFactorSchema);
export const varietiesResponseSchema = z.array(z.string());

export const hurdleOptionResponseSchema = z.object({
  id: z.string(),
  percentage: z.number(),
  impactMultiplier: z.number(),
  description: z.string(),
  isActive: z.boolean(),
  /** True for the crop's default hurdle (docs/behaviour.md §5), to preselect; false without crop_type. */
  isDefault: z.boolean(),
});
export type HurdleOptionResponse = z.infer<typeof hurdleOptionResponseSchema>;
export const hurdleOptionsResponseSchema = z.array(hurdleOptionResponseSchema);

export const hurdlesQuerySchema = z.object({
  crop_type: z.string().trim().min(1, { error: 'crop_type must name a crop, e.g. canola' }).max(60, { error: 'crop_type must be at most 60 characters' }).optional(),
  /** The cover the hurdle is for; the seed model offers the same hurdles for every cover. */
  product_type: z.enum(COVERAGE_TYPES, { error: "product_type must be 'hail', 'fire' or 'both'" }).optional(),
});

/** :cropType of GET /api/admin/crops/:cropType/varieties. */
export const cropTypeParamsSchema = z.object({
  cropType: z.string().trim().min(1, { error: 'Name the crop, e.g. /api/admin/crops/wheat/varieties' }).max(60, { error: 'Crop type must be at most 60 characters' }),
});

// ---------------------------------------------------------------------------------------------
// Saved estimates, submission.

/** The server's figures for one quote: each coverage type it could price, and the hurdle comparison. */
export const serverPricingSchema = z.object({
  modelVersion: z.string(),
  quoteDate: z.string(),
  pricedAt: z.string(),
  /** The crop allocations priced (the same for every coverage type), from the paddock sections. */
  allocations: z.array(cropAllocationSchema),
  estimates: z.object({ hail: estimateSchema.optional(), fire: estimateSchema.optional(), both: estimateSchema.optional() }),
  /** Per coverage type: the engine's full response. */
  pricing: z.object({ hail: pricingCalculateResponseSchema.optional(), fire: pricingCalculateResponseSchema.optional(), both: pricingCalculateResponseSchema.optional() }),
  hurdleComparisons: z.object({ hail: hurdleComparisonSchema.optional(), fire: hurdleComparisonSchema.optional(), both: hurdleComparisonSchema.optional() }),
  /** Coverage types that could not be priced, with the reason. */
  failures: z.array(z.object({ coverageType: z.enum(COVERAGE_TYPES), message: z.string() })),
});
export type ServerPricing = z.infer<typeof serverPricingSchema>;

/** POST /api/estimates: the quote as the estimate step holds it. */
export const saveEstimateRequestSchema = z.object({
  quoteData: z.unknown().refine((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
    error: 'quoteData is required: send the quote (personalDetails, farmData, cropDetails, estimates, coverage)',
  }),
});
export const saveEstimateResponseSchema = z.object({
  success: z.literal(true),
  estimate: z.object({ id: z.string(), createdAt: z.string(), pricing: serverPricingSchema }),
});
export type SaveEstimateResponse = z.infer<typeof saveEstimateResponseSchema>;

export const protectionApplicationSummarySchema = z.object({
  id: z.string(),
  /** The application's number as people read and type it, APP-<season>-<number> (never the id). */
  reference: z.string(),
  userId: z.string(),
  status: z.enum(PROTECTION_STATUSES),
  coverageType: z.enum(COVERAGE_TYPES),
  zoneCode: z.string(),
  quoteDate: z.string(),
  seasonYear: z.number().int(),
  premium: z.number(),
  displayedPremium: z.number(),
  totalPayable: z.number(),
  insuredValue: z.number(),
  coveredArea: z.number(),
  submittedAt: z.string(),
});
export type ProtectionApplicationSummary = z.infer<typeof protectionApplicationSummarySchema>;

export const protectionPaddockSchema = z.object({
  sectionId: z.string(),
  name: z.string(),
  crop: z.string().nullable(),
  variety: z.string().nullable(),
  area: z.number(),
  userDefinedArea: z.number().nullable(),
  expectedYield: z.number().nullable(),
  pricePerTonne: z.number().nullable(),
  hurdlePercentage: z.number().nullable(),
  plantingDate: z.string().nullable(),
  harvestDate: z.string().nullable(),
  isExcluded: z.boolean(),
  isGroup: z.boolean(),
  podguardApplied: z.boolean(),
  swathApplied: z.boolean(),
  notes: z.string().nullable(),
  geometry: z.unknown().nullable(),
  priced: z.boolean(),
});
export const protectionCropSchema = z.object({
  sectionId: z.string(),
  cropType: z.string(),
  hectares: z.number(),
  expectedYield: z.number(),
  pricePerTonne: z.number(),
  hurdlePercentage: z.number(),
  insuredValue: z.number(),
  grossPremium: z.number(),
});
export const protectionApplicationSchema = protectionApplicationSummarySchema.extend({
  referrerCode: z.string().nullable(),
  modelVersion: z.string(),
  estimate: estimateSchema,
  pricing: pricingCalculateResponseSchema,
  quoteData: z.record(z.string(), z.unknown()),
  acknowledgements: z.record(z.string(), z.unknown()),
  surveyData: z.record(z.string(), z.unknown()).nullable(),
  paddocks: z.array(protectionPaddockSchema),
  crops: z.array(protectionCropSchema),
});
export type ProtectionApplication = z.infer<typeof protectionApplicationSchema>;

export const protectionSubmissionResponseSchema = z.object({ success: z.literal(true), application: protectionApplicationSchema });
export const protectionListResponseSchema = z.object({ success: z.literal(true), applications: z.array(protectionApplicationSummarySchema) });
export const protectionDetailResponseSchema = z.object({ success: z.literal(true), application: protectionApplicationSchema });

export const adminApplicationsQuerySchema = z.object({
  status: z.enum(PROTECTION_STATUSES, { error: `status must be one of: ${PROTECTION_STATUSES.join(', ')}` }).optional(),
  awaiting: z.enum(APPLICATION_AWAITING, { error: `awaiting must be one of: ${APPLICATION_AWAITING.join(', ')}` }).optional(),
  userId: z.string().trim().min(1).max(128).optional(),
  page: pageParam,
  pageSize: pageSizeParam(25),
});
export const adminApplicationsResponseSchema = z.object({
  success: z.literal(true),
  applications: z.array(protectionApplicationSummarySchema.extend({ stage: z.enum(PROTECTION_STAGES), memberName: z.string(), memberEmail: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Callback requests (docs/behaviour.md §7 body).
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const callbackRequestSchema = z.object({
  reason: text('A reason for the call', 200),
  timePreference: text('A preferred time for the call', 100),
  customTime: z.string().trim().max(200, { error: 'The custom time must be at most 200 characters' }).nullish(),
  description: z.string().trim().max(2_000, { error: 'The description must be at most 2,000 characters' }).nullish(),
  userInfo: z.object(
    {
      email: emailAddress({ required: 'Your e-mail address is required', invalid: 'Enter a valid e-mail address' }),
      firstName: text('Your first name', 100),
      lastName: text('Your last name', 100),
      phone: text('A phone number to call', 40),
    },
    { error: 'userInfo is required: your e-mail address, first name, last name and phone number' },
  ),
  estimateData: z
    .object({
      premium: z.number().nonnegative().nullish(),
      insuredValue: z.number().nonnegative().nullish(),
      coverageType: z.enum(COVERAGE_TYPES, { error: "coverageType must be 'hail', 'fire' or 'both'" }).nullish(),
      coveredArea: z.number().nonnegative().nullish(),
    })
    .nullish(),
});
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;
/** submittedAt is what the client keeps as coverage.callbackSubmission (status submitted). */
export const callbackResponseSchema = z.union([z.object({ success: z.literal(true), id: z.string(), submittedAt: z.string() }), z.object({ success: z.literal(false), error: z.string() })]);
