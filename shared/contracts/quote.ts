/**
 * Zod schemas and inferred types of the client quote state (docs/behaviour.md §3 'Quote (client state)',
 * 'Validation records') and of the personal-details form (docs/behaviour.md §5).
 *
 * Every field a partly filled wizard may lack is optional or defaulted, so one schema parses a
 * fresh quote, a stored draft and a saved estimate. Parse stored data with `parseStoredQuote`,
 * which first drops JSON nulls (stored data uses null for "not set").
 */
import { z } from 'zod';
import { COVERAGE_TYPES, DEFAULT_PADDOCK_NAME } from '../constants';
import { WIZARD_STEPS } from './quote-steps';
import { emailAddress, latitude, longitude } from './fields';
import { fireRiskSurveyCopySchema } from './fire-risk-survey';
import { paddockOutlineSchema } from './pricing';

export const wizardStepSchema = z.enum(WIZARD_STEPS);

export const QUOTE_STATUSES = ['draft', 'saved', 'submitted', 'completed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** farmData.pricingMode and farmData.yieldPriceMode: crop or group, default crop (docs/behaviour.md §3). */
export const FARM_PRICING_MODES = ['crop', 'group'] as const;
export type FarmPricingMode = (typeof FARM_PRICING_MODES)[number];
/**
 * cropDetails.pricingMode / yieldPriceMode: docs/behaviour.md §5 also knows 'other modes' (quote ready check) and
 * section-level yield and price (pricing preconditions), so the crop-details modes add 'section'.
 */
export const CROP_DETAIL_MODES = ['crop', 'group', 'section'] as const;
export type CropDetailMode = (typeof CROP_DETAIL_MODES)[number];

export const coverageTypeSchema = z.enum(COVERAGE_TYPES);

const isoDateTime = z.string().min(1);
const nonNegative = z.number().nonnegative();

// ---------------------------------------------------------------------------------------------
// ABN and Australian phone numbers
// ---------------------------------------------------------------------------------------------

export const ABN_INVALID_MESSAGE = 'Enter a valid 11-digit ABN';
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The ABN without the spaces people type into it ('51 824 753 556' → '51824753556'). */
export function normaliseAbn(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * The official ABN check: 11 digits; subtract 1 from the first digit; weight the digits by
 * 10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19; the sum must divide by 89. Spaces are ignored.
 */
export function isValidAbn(value: string): boolean {
  const abn = normaliseAbn(value);
  if (!/^[1-9]\d{10}$/.test(abn)) return false;
  let sum = 0;
  ABN_WEIGHTS.forEach((weight, index) => {
    const digit = Number(abn[index]) - (index === 0 ? 1 : 0);
    sum += digit * weight;
  });
  return sum % 89 === 0;
}

export const PHONE_INVALID_MESSAGE = 'Enter a valid Australian phone number';

/** The phone number without spaces, dashes, dots and brackets. */
export function normaliseAustralianPhone(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

/**
 * Australian mobile and landline numbers: 04xx xxx xxx, 02/03/07/08 xxxx xxxx, the same with +61
 * or 61 instead of the leading 0 (a '(0)' after +61 is tolerated), and 1300 / 1800 numbers.
 */
export function isValidAustralianPhone(value: string): boolean {
  const phone = normaliseAustralianPhone(value).replace(/^\+?61(0)?/, '0');
  return /^0[2-478]\d{8}$/.test(phone) || /^1[38]00\d{6}$/.test(phone);
}

// ---------------------------------------------------------------------------------------------
// Personal details
// ---------------------------------------------------------------------------------------------

export const disclosureAcknowledgmentSchema = z.object({ accepted: z.boolean(), acknowledgedAt: isoDateTime });
export type DisclosureAcknowledgment = z.infer<typeof disclosureAcknowledgmentSchema>;

export const personalDetailsSchema = z.object({
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  email: z.string().default(''),
  phone: z.string().default(''),
  address: z.string().default(''),
  businessName: z.string().default(''),
  abn: z.string().default(''),
  emailVerified: z.boolean().default(false),
  /**
   * Product disclosure acknowledgements, keyed by the statement acknowledged, each with the time
   * the member ticked it (what they agreed to, and when, is part of the member's record).
   */
  disclosureAcknowledgments: z.record(z.string(), disclosureAcknowledgmentSchema).default({}),
  allowMarketing: z.boolean().default(false),
  referrerCode: z.string().optional(),
  userId: z.string().optional(),
  hasCompletedSurvey: z.boolean().default(false),
  /** The wizard's copy of the member's fire risk survey, for its own pages; the application takes the survey the server kept, never this. */
  fireRiskSurveyData: fireRiskSurveyCopySchema.optional(),
  /** Older shape only (docs/behaviour.md §3); read by the product-disclosure requirement, never stored in drafts. */
  password: z.string().optional(),
  /** Older shape only; never stored in drafts. */
  confirmPassword: z.string().optional(),
});
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;

/** The personal-details form (docs/behaviour.md §5 style): what the first wizard step submits. */
export const personalDetailsFormSchema = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name').max(100, 'First name is too long'),
  lastName: z.string().trim().min(1, 'Enter your last name').max(100, 'Last name is too long'),
  email: emailAddress({ required: 'Enter your email address', invalid: 'Enter a valid email address' }),
  phone: z.string().trim().refine(isValidAustralianPhone, PHONE_INVALID_MESSAGE),
  address: z.string().trim().min(1, 'Enter your address').max(300, 'Address is too long'),
  businessName: z.string().trim().max(200, 'Business name is too long').optional(),
  abn: z
    .string()
    .transform(normaliseAbn)
    .refine((abn) => abn === '' || isValidAbn(abn), ABN_INVALID_MESSAGE)
    .optional(),
  allowMarketing: z.boolean().default(false),
  referrerCode: z.string().trim().max(50, 'Referrer code is too long').optional(),
});
export type PersonalDetailsFormInput = z.input<typeof personalDetailsFormSchema>;
export type PersonalDetailsForm = z.output<typeof personalDetailsFormSchema>;

// ---------------------------------------------------------------------------------------------
// Farm data and paddock sections
// ---------------------------------------------------------------------------------------------

export const farmLocationSchema = z.object({
  lat: latitude,
  lng: longitude,
  label: z.string().optional(),
});
export type FarmLocation = z.infer<typeof farmLocationSchema>;

/** A paddock's corner as [longitude, latitude], on the globe. */
const cornerSchema = z.tuple([longitude, latitude]);
/** A paddock's centre, on the globe. */
const centroidSchema = z.object({ lat: latitude, lng: longitude });
/** [west, south, east, north], on the globe. */
const boundingBoxSchema = z.tuple([longitude, latitude, longitude, latitude]);

/**
 * Geometry follows GeoJSON conventions: `geometry` is the paddock's outline, held to the rule
 * pricing reads it by (closed rings, every corner on the globe). `coordinates` (its outer ring's
 * corners), `centroid` and `boundingBox` are copies of its figures for the map (geometryFields),
 * each on the globe too: the map centres the farm on a centroid.
 */
export const paddockSectionSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  /** Mapped area in hectares. */
  area: z.number().default(0),
  /** Area the farmer typed in, in hectares; when present it replaces the mapped area. */
  userDefinedArea: z.number().optional(),
  geometry: paddockOutlineSchema.optional(),
  crop: z.string().optional(),
  variety: z.string().optional(),
  variant: z.string().default('standard'),
  plantingDate: isoDateTime.optional(),
  harvestDate: isoDateTime.optional(),
  expectedYield: z.number().optional(),
  pricePerTonne: z.number().optional(),
  hurdlePercentage: z.number().optional(),
  /** The paddock's risk level ('low', 'moderate', 'high'; the wire name is docs/behaviour.md §3's), not a zone code. */
  riskZone: z.string().default('moderate'),
  isExcluded: z.boolean().default(false),
  notes: z.string().optional(),
  groupId: z.string().optional(),
  status: z.string().default('active'),
  coordinates: z.array(cornerSchema).optional(),
  centroid: centroidSchema.optional(),
  boundingBox: boundingBoxSchema.optional(),
  isGroup: z.boolean().default(false),
  podguardApplied: z.boolean().default(false),
  swathApplied: z.boolean().default(false),
});
export type PaddockSection = z.infer<typeof paddockSectionSchema>;
export type PaddockSectionInput = z.input<typeof paddockSectionSchema>;

/**
 * A quote's paddocks. Each is known by its id wherever the quote is kept (its stored paddocks and
 * crops, the value shown per paddock, the certificate, a claim's paddocks), so two with one id would
 * count one paddock's value twice, or give an unpriced paddock its namesake's cover: refused.
 */
const paddockSectionsSchema = z.array(paddockSectionSchema).superRefine((sections, ctx) => {
  const seen = new Set<string>();
  sections.forEach((section, index) => {
    if (seen.has(section.id)) {
      ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Two paddocks have the id '${section.id}'; each paddock in a quote needs an id of its own.` });
    }
    seen.add(section.id);
  });
});

export const farmDataSchema = z.object({
  farmLocation: farmLocationSchema.optional(),
  address: z.string().default(''),
  paddockSections: paddockSectionsSchema.default([]),
  paddockName: z.string().default(DEFAULT_PADDOCK_NAME),
  /** Farm total in hectares. */
  hectares: nonNegative.optional(),
  /** The farm's risk zone. */
  zone: z.string().optional(),
  effectiveBaseRate: z.number().optional(),
  pricingMode: z.enum(FARM_PRICING_MODES).default('crop'),
  yieldPriceMode: z.enum(FARM_PRICING_MODES).default('crop'),
});
export type FarmData = z.infer<typeof farmDataSchema>;

// ---------------------------------------------------------------------------------------------
// Crop details
// ---------------------------------------------------------------------------------------------

export const cropDetailSchema = z.object({
  area: nonNegative.optional(),
  expectedYield: z.number().optional(),
  pricePerTonne: z.number().optional(),
  hurdlePercentage: z.number().optional(),
  lastModified: isoDateTime.optional(),
});
export type CropDetail = z.infer<typeof cropDetailSchema>;

export const groupDetailSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  crops: z.array(z.string()).default([]),
  totalArea: nonNegative.optional(),
  totalValue: nonNegative.optional(),
  averageYield: z.number().optional(),
  averagePrice: z.number().optional(),
  hurdlePercentage: z.number().optional(),
  riskProfile: z.string().default('moderate'),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const sectionDetailSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  area: nonNegative.optional(),
  crops: z.array(z.string()).default([]),
  totalValue: nonNegative.optional(),
  hurdlePercentage: z.number().optional(),
  validationStatus: z.string().default('pending'),
});
export type SectionDetail = z.infer<typeof sectionDetailSchema>;

/**
 * docs/behaviour.md §3 describes cropDetails as "a map keyed by crop" next to named fields (groupDetails, ...).
 * Mixing a free-key map with named keys cannot be typed soundly, so the per-crop map lives under
 * `byCrop` (keyed by crop name as used in paddock sections, e.g. 'wheat').
 */
export const cropDetailsSchema = z.object({
  byCrop: z.record(z.string(), cropDetailSchema).default({}),
  groupDetails: z.record(z.string(), groupDetailSchema).default({}),
  sectionDetails: z.record(z.string(), sectionDetailSchema).default({}),
  pricingMode: z.enum(CROP_DETAIL_MODES).optional(),
  yieldPriceMode: z.enum(CROP_DETAIL_MODES).optional(),
  /** Minimum hurdle per crop from /api/crop-configs; overrides the static hurdle table. */
  minimumHurdlePercentages: z.record(z.string(), z.number()).default({}),
  /** The quote-draft view's list of crops (docs/behaviour.md §3). */
  crops: z.array(z.string()).optional(),
});
export type CropDetails = z.infer<typeof cropDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Estimates and coverage
// ---------------------------------------------------------------------------------------------

/**
 * One coverage type's estimate. The pricing module owns its exact shape, so this keeps the fields
 * the wizard reads and lets every other field through untouched.
 */
export const estimateSchema = z.looseObject({
  premium: z.number().optional(),
  membershipFee: z.number().optional(),
  totalPayable: z.number().optional(),
  insuredValue: z.number().optional(),
  coveredArea: z.number().optional(),
  /** The pricing zone's code ('CWB'), under docs/behaviour.md §3's wire name; a paddock's `riskZone` is its risk level. */
  riskZone: z.string().optional(),
});
export type QuoteEstimate = z.infer<typeof estimateSchema>;

export const estimatesSchema = z.object({
  fire: estimateSchema.optional(),
  hail: estimateSchema.optional(),
  both: estimateSchema.optional(),
  selectedCoverageType: coverageTypeSchema.optional(),
});
export type QuoteEstimates = z.infer<typeof estimatesSchema>;

export const hurdleComparisonSchema = z.object({
  actualPremium: z.number(),
  noHurdlePremium: z.number(),
  maxHurdlePremium: z.number().optional(),
  savings: z.number(),
  potentialSavings: z.number().optional(),
});
export type HurdleComparison = z.infer<typeof hurdleComparisonSchema>;

export const callbackDetailsSchema = z.looseObject({
  reason: z.string().optional(),
  timePreference: z.string().optional(),
  customTime: z.string().optional(),
  description: z.string().optional(),
});

export const callbackSubmissionSchema = z.looseObject({
  status: z.literal('submitted'),
  submittedAt: isoDateTime.optional(),
});

export const coverageSchema = z.object({
  /** The option chosen on the estimate page (e.g. submit, callback); its values are not specified. */
  selectedOption: z.string().optional(),
  callbackDetails: callbackDetailsSchema.optional(),
  /** The wizard's copy of the member's fire risk survey, for its own pages; the application takes the survey the server kept, never this. */
  fireRiskSurveyData: fireRiskSurveyCopySchema.optional(),
  /** Keyed by coverage type plus yield-price mode. */
  hurdleComparisons: z.record(z.string(), hurdleComparisonSchema).default({}),
  callbackSubmission: callbackSubmissionSchema.optional(),
});
export type Coverage = z.infer<typeof coverageSchema>;

// ---------------------------------------------------------------------------------------------
// Validation records (docs/behaviour.md §3)
// ---------------------------------------------------------------------------------------------

const percentage = z.number().min(0).max(100);

export const sectionValidationSchema = z.object({
  isComplete: z.boolean(),
  isValid: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  completionRate: percentage,
});
export type SectionValidation = z.infer<typeof sectionValidationSchema>;

export const globalValidationSchema = z.object({
  isComplete: z.boolean(),
  completionRate: percentage,
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  isAllValid: z.boolean(),
  totalSections: z.number().int().nonnegative(),
  completedSections: z.number().int().nonnegative(),
  userEnteredSections: z.number().int().nonnegative(),
  userEnteredRate: percentage,
});
export type GlobalValidation = z.infer<typeof globalValidationSchema>;

/** The global record before any section is validated (a fresh object each call). */
export function emptyGlobalValidation(): GlobalValidation {
  return {
    isComplete: false,
    completionRate: 0,
    errors: [],
    warnings: [],
    isAllValid: false,
    totalSections: 0,
    completedSections: 0,
    userEnteredSections: 0,
    userEnteredRate: 0,
  };
}

export const validationDataSchema = z.object({
  /** Keyed by paddock section id. */
  sections: z.record(z.string(), sectionValidationSchema).default({}),
  global: globalValidationSchema.default(emptyGlobalValidation),
});
export type ValidationData = z.infer<typeof validationDataSchema>;

// ---------------------------------------------------------------------------------------------
// The quote
// ---------------------------------------------------------------------------------------------

export const quoteLoadingSchema = z.object({
  draft: z.boolean().default(false),
  estimate: z.boolean().default(false),
  submission: z.boolean().default(false),
  calculation: z.boolean().default(false),
  validation: z.boolean().default(false),
  quote: z.boolean().default(false),
  autoSave: z.boolean().default(false),
});
export type QuoteLoading = z.infer<typeof quoteLoadingSchema>;

export const quoteStateSchema = z.object({
  personalDetails: personalDetailsSchema.prefault({}),
  farmData: farmDataSchema.prefault({}),
  cropDetails: cropDetailsSchema.prefault({}),
  estimates: estimatesSchema.prefault({}),
  coverage: coverageSchema.prefault({}),
  validationData: validationDataSchema.prefault({}),
  status: z.enum(QUOTE_STATUSES).default('draft'),
  lastModified: isoDateTime.optional(),
  quoteId: z.string().optional(),
  draftId: z.string().optional(),
  savedEstimateId: z.string().optional(),
  isRestoredFromSave: z.boolean().default(false),
  isSupport: z.boolean().default(false),
  supportCustomerId: z.string().optional(),
  /** The earlier protection this quote renews (docs/seasons.md 'Renewing'): the server checks it is the member's at submission. */
  renewsApplicationId: z.string().max(64).optional(),
  /** Client-only loading flags; not stored in drafts. */
  loading: quoteLoadingSchema.optional(),
  /** Client-only error messages by area; not stored in drafts. */
  errors: z.record(z.string(), z.string()).optional(),
});
/** The quote after parsing: every defaulted field present. */
export type QuoteState = z.output<typeof quoteStateSchema>;
/**
 * What the schema accepts: defaulted fields optional. Domain rules read this shape, so they work
 * on a parsed quote and on partly filled or stored data alike.
 */
export type QuoteStateInput = z.input<typeof quoteStateSchema>;

/** A deep copy without nulls: object keys holding null are dropped, null array items removed. */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(dropNulls);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== null) out[key] = dropNulls(item);
    }
    return out;
  }
  return value;
}

/** Quote data as sent or stored: a JSON string is decoded (text that is not JSON stays as it is), nulls dropped. */
export function decodeQuoteData(raw: unknown): unknown {
  if (typeof raw !== 'string') return dropNulls(raw);
  try {
    return dropNulls(JSON.parse(raw) as unknown);
  } catch {
    return raw;
  }
}

const SURVEY_COPY_AREAS = ['personalDetails', 'coverage'] as const;
/** The copies of a paddock outline's figures, each with the schema it is kept to now. */
const OUTLINE_COPIES = { coordinates: z.array(cornerSchema), centroid: centroidSchema, boundingBox: boundingBoxSchema } as const;

/**
 * Quote data kept before copies had a shape (a draft, a saved estimate, work kept in the browser)
 * may hold one that does not fit: the survey's copy (`fireRiskSurveyCopySchema`) or a paddock's
 * copies of its outline's figures (a corner or centre off the globe). Such a copy is read as none:
 * the wizard copies the server's own survey in again when it opens, the map draws a paddock from its
 * outline, and nothing else reads them. A quote being sent is never read so; it is refused with the
 * field named.
 */
export function withoutUnfitCopies(quote: unknown): unknown {
  if (!isPlainObject(quote)) return quote;
  const read: Record<string, unknown> = { ...quote };
  for (const area of SURVEY_COPY_AREAS) {
    const fields = read[area];
    if (isPlainObject(fields)) read[area] = withoutUnfit(fields, { fireRiskSurveyData: fireRiskSurveyCopySchema });
  }
  const farmData = read['farmData'];
  if (isPlainObject(farmData) && Array.isArray(farmData['paddockSections'])) {
    const sections: unknown[] = farmData['paddockSections'];
    read['farmData'] = { ...farmData, paddockSections: sections.map((section) => (isPlainObject(section) ? withoutUnfit(section, OUTLINE_COPIES) : section)) };
  }
  return read;
}

/** `fields` without those of `copies` that are there and do not fit their schema. */
function withoutUnfit(fields: Record<string, unknown>, copies: Record<string, z.ZodType>): Record<string, unknown> {
  const unfit = Object.keys(copies).filter((name) => name in fields && !copies[name]!.safeParse(fields[name]).success);
  if (unfit.length === 0) return fields;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !unfit.includes(name)));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses stored quote data (a draft, a saved estimate): decoded, and copies that do not fit read as none (withoutUnfitCopies). */
export function parseStoredQuote(raw: unknown): ReturnType<typeof quoteStateSchema.safeParse> {
  return quoteStateSchema.safeParse(withoutUnfitCopies(decodeQuoteData(raw)));
}

/** A fresh quote with every default applied. */
export function emptyQuoteState(): QuoteState {
  return quoteStateSchema.parse({});
}

// ---------------------------------------------------------------------------------------------
// Saved estimates (docs/behaviour.md §7 GET /api/estimates/{id})
// ---------------------------------------------------------------------------------------------

export const savedEstimateIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Estimate id must be 1 to 128 letters, digits, dashes or underscores');

/** :id of a saved estimate's routes. */
export const savedEstimateParamsSchema = z.object({ id: savedEstimateIdSchema });

/** ?isSupport=true&customerId=… is added when staff load an estimate in support mode (docs/behaviour.md §6). */
export const savedEstimateQuerySchema = z
  .object({
    isSupport: z
      .enum(['true', 'false'], { error: 'isSupport must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
    customerId: z.string().trim().min(1).max(128).optional(),
  })
  .refine((query) => !query.isSupport || query.customerId !== undefined, { message: 'customerId is required with isSupport=true', path: ['customerId'] });

/** The stored estimate: its quote (at the top level or under quoteData) plus id, owner and time. */
export const savedEstimateResponseSchema = z.object({
  success: z.boolean(),
  estimate: z.looseObject({ id: z.string(), userId: z.string().optional(), createdAt: z.string().optional() }),
});
export type SavedEstimateResponse = z.infer<typeof savedEstimateResponseSchema>;
