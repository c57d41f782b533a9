import { z } from 'zod';
import { pricingModelSchema, RISK_LEVELS } from './pricing';

/**
 * The administrators' pricing screens (/admin/agriculture-zones-comprehensive, /admin/pricing); the
 * calculator's figures (hurdles, minimum premium, canola cap) are in ./calculator-settings.ts.
 * Bodies are checked for shape here; whether the numbers make a sound model is decided by
 * re-checking the whole model with pricingModelSchema on the server (its message is the answer).
 */

const figure = (label: string) => z.number({ error: `${label} must be a number` });

/** The zone of PUT /api/admin/pricing/zones/:code */
export const zoneCodeParamsSchema = z.object({ code: z.string().trim().min(1, { error: 'Name the zone, e.g. /api/admin/pricing/zones/EWB' }).max(20, { error: 'A zone code has at most 20 characters' }) });
/** The crop of PUT /api/admin/pricing/crop-factors/:cropType */
export const cropFactorParamsSchema = z.object({
  cropType: z.string().trim().min(1, { error: 'Name the crop, e.g. /api/admin/pricing/crop-factors/wheat' }).max(60, { error: 'Crop type must be at most 60 characters' }),
});

/** PUT /api/admin/pricing/zones/:code */
export const adminZoneRatesInputSchema = z
  .object({
    hailRate: figure('Hail rate'),
    fireRate: figure('Fire rate'),
    bothRate: figure('Hail and fire package rate'),
    riskLevel: z.enum(RISK_LEVELS, { error: "Risk level must be 'low', 'moderate' or 'high'" }).optional(),
  })
  .strict();
export type AdminZoneRatesInput = z.infer<typeof adminZoneRatesInputSchema>;

/** PUT /api/admin/pricing/crop-factors/:cropType */
export const adminCropFactorInputSchema = z.object({ hailFactor: figure('Hail factor'), fireFactor: figure('Fire factor'), isActive: z.boolean({ error: 'Active must be true or false' }).optional() }).strict();
export type AdminCropFactorInput = z.infer<typeof adminCropFactorInputSchema>;

/** PUT /api/admin/pricing/settings: the most total discount (the minimum premium and the canola cap are calculator settings, shared/contracts/calculator-settings.ts). */
export const adminPricingSettingsInputSchema = z.object({ maxTotalDiscountRate: figure('Maximum total discount') }).strict();
export type AdminPricingSettingsInput = z.infer<typeof adminPricingSettingsInputSchema>;

/** GET /api/admin/pricing and every edit's answer: the model as stored, or why it cannot be used. */
export const adminPricingModelResponseSchema = z.object({
  success: z.literal(true),
  model: pricingModelSchema.nullable(),
  /** The first problem of the stored model when it fails pricingModelSchema (pricing answers 503 until fixed). */
  problem: z.string().nullable(),
});
export type AdminPricingModelResponse = z.infer<typeof adminPricingModelResponseSchema>;
