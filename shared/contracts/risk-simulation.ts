import { z } from 'zod';

/**
 * The risk simulation page (/admin/risk-simulation): the protected paddocks and zones on
 * the map, what one event would cost, Monte Carlo seasons run in a worker, saved runs and the
 * mutual's reserve. Money is integer cents; shares are 0–1.
 */

export const RISK_PERILS = ['hail', 'fire'] as const;
export const RUN_KINDS = ['event', 'season'] as const;
export const RUN_STATUSES = ['running', 'completed', 'cancelled', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const perilSchema = z.enum(RISK_PERILS, { error: 'peril must be hail or fire' });

const MAX_VERTICES = 5000;
const positionSchema = z.tuple([
  z.number({ error: 'A position is [longitude, latitude]' }).min(-180, { error: 'Longitude must be between -180 and 180' }).max(180, { error: 'Longitude must be between -180 and 180' }),
  z.number({ error: 'A position is [longitude, latitude]' }).min(-90, { error: 'Latitude must be between -90 and 90' }).max(90, { error: 'Latitude must be between -90 and 90' }),
]);
const ringSchema = z
  .array(positionSchema)
  .min(4, { error: 'An outline needs at least three corners (four positions, the first repeated last)' })
  .max(MAX_VERTICES, { error: `An outline may have at most ${MAX_VERTICES} positions` });
const polygonRingsSchema = z.array(ringSchema).min(1, { error: 'A polygon needs an outline' }).max(50, { error: 'A polygon may have at most 50 rings' });

/** A footprint: a GeoJSON Polygon or MultiPolygon in [longitude, latitude]. */
export const footprintSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('Polygon'), coordinates: polygonRingsSchema }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygonRingsSchema).min(1, { error: 'A multipolygon needs a polygon' }).max(50, { error: 'A multipolygon may have at most 50 parts' }) }),
  ],
  { error: 'Draw the footprint as a polygon (GeoJSON Polygon or MultiPolygon)' },
);
export type Footprint = z.infer<typeof footprintSchema>;

const severitySchema = z.number({ error: 'Severity is a percentage from 1 to 100' }).min(1, { error: 'Severity is a percentage from 1 to 100' }).max(100, { error: 'Severity is a percentage from 1 to 100' });

/** POST /api/admin/risk/event-impact */
export const eventImpactInputSchema = z.object({ peril: perilSchema, severityPercent: severitySchema, geometry: footprintSchema });
export type EventImpactInput = z.infer<typeof eventImpactInputSchema>;

export const paddockHitSchema = z.object({
  paddockId: z.string(),
  name: z.string(),
  memberName: z.string(),
  crop: z.string().nullable(),
  zoneCode: z.string(),
  areaHa: z.number(),
  share: z.number(),
  valueCents: z.number().int(),
  valueHitCents: z.number().int(),
  lossCents: z.number().int(),
  hurdlePercentage: z.number(),
  hurdleCents: z.number().int(),
  expectedClaimCents: z.number().int(),
});
export type PaddockHitView = z.infer<typeof paddockHitSchema>;
export const eventTotalsSchema = z.object({ paddocks: z.number().int(), valueHitCents: z.number().int(), lossCents: z.number().int(), expectedClaimCents: z.number().int() });
export const eventImpactResponseSchema = z.object({ success: z.literal(true), hits: z.array(paddockHitSchema), totals: eventTotalsSchema });
export type EventImpactResponse = z.infer<typeof eventImpactResponseSchema>;

/** GET /api/admin/risk/exposure: what the map shows. */
export const exposurePaddockSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberName: z.string(),
  crop: z.string().nullable(),
  zoneCode: z.string(),
  perils: z.array(perilSchema),
  areaHa: z.number(),
  valueCents: z.number().int(),
  hurdlePercentage: z.number(),
  geometry: footprintSchema,
});
export type ExposurePaddock = z.infer<typeof exposurePaddockSchema>;
export const exposureZoneSchema = z.object({ code: z.string(), name: z.string(), hailRate: z.number(), fireRate: z.number(), boundary: footprintSchema });
export type ExposureZone = z.infer<typeof exposureZoneSchema>;
export const exposureResponseSchema = z.object({
  success: z.literal(true),
  paddocks: z.array(exposurePaddockSchema),
  zones: z.array(exposureZoneSchema),
  /** Protected paddocks without a mapped outline: no event can be laid over them. */
  unmapped: z.object({ paddocks: z.number().int(), valueCents: z.number().int() }),
  protectedValueCents: z.number().int(),
  reserveCents: z.number().int(),
});
export type ExposureResponse = z.infer<typeof exposureResponseSchema>;

/** PUT /api/admin/risk/reserve */
export const reserveInputSchema = z.object({
  reserveCents: z
    .number({ error: 'Enter the reserve in dollars' })
    .int({ error: 'Enter the reserve to the cent' })
    .min(0, { error: 'The reserve cannot be negative' })
    .max(100_000_000_000_00, { error: 'The reserve must be under $100 billion' }),
});
/** The page's reserve form, in dollars as staff think of it; sent as cents. */
export const reserveFormSchema = z.object({
  reserve: z.number({ error: 'Enter the reserve in dollars' }).min(0, { error: 'The reserve cannot be negative' }).max(100_000_000_000, { error: 'The reserve must be under $100 billion' }),
});
export const reserveResponseSchema = z.object({ success: z.literal(true), reserveCents: z.number().int() });

const triangularSchema = (label: string, least: number, most: number) =>
  z
    .object({
      min: z.number({ error: `${label}: enter the least` }).min(least, { error: `${label}: the least is at least ${least}` }),
      mode: z.number({ error: `${label}: enter the most likely` }),
      max: z.number({ error: `${label}: enter the most` }).max(most, { error: `${label}: the most is at most ${most}` }),
    })
    .refine((value) => value.min <= value.mode && value.mode <= value.max, { error: `${label}: the least, most likely and most must be in that order`, path: ['mode'] });

const nameSchema = z.string({ error: 'Give the run a name' }).trim().min(1, { error: 'Give the run a name' }).max(120, { error: 'A name has at most 120 characters' });

export const seasonSettingsSchema = z.object({
  peril: perilSchema,
  seasons: z
    .number({ error: 'Seasons is a whole number from 100 to 100,000' })
    .int({ error: 'Seasons is a whole number from 100 to 100,000' })
    .min(100, { error: 'Seasons is a whole number from 100 to 100,000' })
    .max(100_000, { error: 'Seasons is a whole number from 100 to 100,000' }),
  seed: z
    .number({ error: 'The seed is a whole number from 0 to 4,294,967,295' })
    .int({ error: 'The seed is a whole number from 0 to 4,294,967,295' })
    .min(0, { error: 'The seed is a whole number from 0 to 4,294,967,295' })
    .max(4_294_967_295, { error: 'The seed is a whole number from 0 to 4,294,967,295' }),
  stormsPerZone: z
    .array(
      z.object({
        zoneCode: z.string().trim().min(1).max(20),
        stormsPerSeason: z
          .number({ error: 'Storms per season is a number from 0 to 50' })
          .min(0, { error: 'Storms per season is a number from 0 to 50' })
          .max(50, { error: 'Storms per season is a number from 0 to 50' }),
      }),
    )
    .min(1, { error: 'Give at least one zone its storms per season' })
    .max(100),
  lengthKm: triangularSchema('Length (km)', 0.1, 500),
  widthKm: triangularSchema('Width (km)', 0.05, 200),
  severityPercent: triangularSchema('Severity (%)', 0, 100),
});
export type SeasonSettingsInput = z.infer<typeof seasonSettingsSchema>;

/** POST /api/admin/risk/runs: save an event with its results, or start a season run. */
export const eventRunInputSchema = z.object({ kind: z.literal('event'), name: nameSchema, event: eventImpactInputSchema });
export const seasonRunInputSchema = z.object({ kind: z.literal('season'), name: nameSchema, settings: seasonSettingsSchema });
export const runInputSchema = z.discriminatedUnion('kind', [eventRunInputSchema, seasonRunInputSchema], { error: 'kind must be event or season' });
export type RunInput = z.infer<typeof runInputSchema>;

/** GET /api/admin/risk/runs */
const wholeFrom = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int({ error: `${label} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${label} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${label} must be a whole number from ${min} to ${max}` });
export const runsQuerySchema = z.object({
  kind: z.enum(RUN_KINDS, { error: 'kind must be event or season' }).optional(),
  status: z.enum(RUN_STATUSES, { error: `status must be one of: ${RUN_STATUSES.join(', ')}` }).optional(),
  page: wholeFrom('page', 1, 100_000).default(1),
  pageSize: wholeFrom('pageSize', 1, 100).default(20),
});

export const seasonSummarySchema = z.object({
  seasons: z.number().int(),
  storms: z.number().int(),
  stormsHittingPaddocks: z.number().int(),
  meanCents: z.number().int(),
  medianCents: z.number().int(),
  oneInTwentyCents: z.number().int(),
  oneInHundredCents: z.number().int(),
  worstCents: z.number().int(),
  reserveCents: z.number().int(),
  seasonsOverReserve: z.number().int(),
  shareOverReserve: z.number(),
});
export type SeasonSummaryView = z.infer<typeof seasonSummarySchema>;

const runBaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(RUN_STATUSES),
  peril: perilSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  createdByName: z.string(),
  error: z.string().nullable(),
  /** Seasons simulated so far and in all (an event: 1 of 1). */
  progress: z.number().int(),
  total: z.number().int(),
});
export const runSummarySchema = z.discriminatedUnion('kind', [
  runBaseSchema.extend({ kind: z.literal('event'), event: eventImpactInputSchema, totals: eventTotalsSchema }),
  runBaseSchema.extend({ kind: z.literal('season'), settings: seasonSettingsSchema, summary: seasonSummarySchema.nullable() }),
]);
export type RunSummary = z.infer<typeof runSummarySchema>;
export const runsResponseSchema = z.object({ success: z.literal(true), runs: z.array(runSummarySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const histogramBinSchema = z.object({ fromCents: z.number().int(), toCents: z.number().int(), seasons: z.number().int() });
export const runDetailSchema = z.discriminatedUnion('kind', [
  runBaseSchema.extend({ kind: z.literal('event'), event: eventImpactInputSchema, totals: eventTotalsSchema, hits: z.array(paddockHitSchema) }),
  runBaseSchema.extend({ kind: z.literal('season'), settings: seasonSettingsSchema, summary: seasonSummarySchema.nullable(), histogram: z.array(histogramBinSchema) }),
]);
export type RunDetail = z.infer<typeof runDetailSchema>;
export const runResponseSchema = z.object({ success: z.literal(true), run: runDetailSchema });
export type RunResponse = z.infer<typeof runResponseSchema>;
