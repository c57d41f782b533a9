import { z } from 'zod';
import { cropHurdleConfigSchema } from './protection';

/**
 * /admin/calculator-settings (docs/calculator-settings.md): the figures behind the quote calculator
 * that docs/behaviour.md §3 and §7 name. Bodies are checked for shape here; a change that touches the pricing
 * model is checked again with the whole model on the server (pricingModelSchema), and hurdle
 * configs against the hurdle options (shared/domain/calculator-settings/hurdle-configs.ts).
 */

const figure = (label: string) => z.number({ error: `${label} must be a number` });
const hurdlePercent = (label: string) =>
  figure(label)
    .min(0, { error: `${label} must be 0 or more` })
    .max(50, { error: `${label} must be at most 50` });
const active = z.boolean({ error: 'Active must be true or false' });
const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(60, { error: `${label} must be at most 60 characters` });

/** PUT /api/admin/calculator-settings/hurdle-configs/:cropType (creates the crop's config when it has none). */
export const hurdleConfigInputSchema = z
  .object({ minimumHurdlePercentage: hurdlePercent('Minimum hurdle'), defaultHurdlePercentage: hurdlePercent('Default hurdle'), isActive: active })
  .strict()
  .refine((config) => config.defaultHurdlePercentage >= config.minimumHurdlePercentage, { error: 'The default hurdle must not be below the minimum hurdle', path: ['defaultHurdlePercentage'] });
export type HurdleConfigInput = z.infer<typeof hurdleConfigInputSchema>;

/** PUT /api/admin/calculator-settings/hurdle-options/:percentage */
export const hurdleOptionInputSchema = z.object({ impactMultiplier: figure('Premium multiplier'), description: name('Description'), isActive: active }).strict();
export type HurdleOptionInput = z.infer<typeof hurdleOptionInputSchema>;

/** POST /api/admin/calculator-settings/hurdle-options */
export const newHurdleOptionInputSchema = z.object({ percentage: hurdlePercent('Hurdle percentage'), impactMultiplier: figure('Premium multiplier'), description: name('Description') }).strict();
export type NewHurdleOptionInput = z.infer<typeof newHurdleOptionInputSchema>;

/** PUT /api/admin/calculator-settings/area-limits/:id and POST …/area-limits: an area limit without its id. */
export const areaLimitInputSchema = z
  .object({
    name: name('Name'),
    scope: z.enum(['allocation', 'quote'], { error: "Scope must be 'allocation' or 'quote'" }),
    /** null (or empty) for every crop. */
    cropType: z
      .string()
      .trim()
      .toLowerCase()
      .max(60, { error: 'Crop must be at most 60 characters' })
      .nullable()
      .transform((crop) => (crop === '' ? null : crop)),
    minHectares: figure('Minimum hectares').nullable(),
    maxHectares: figure('Maximum hectares').nullable(),
    isActive: active,
  })
  .strict();
export type AreaLimitInput = z.infer<typeof areaLimitInputSchema>;

/** PUT /api/admin/calculator-settings/discount-factors/:id (its kind and peril are fixed). */
export const discountFactorInputSchema = z.object({ name: name('Name'), value: figure('Discount'), isActive: active }).strict();
export type DiscountFactorInput = z.infer<typeof discountFactorInputSchema>;

/** PUT /api/admin/calculator-settings/crops/:cropType: whether the crop is offered, and where it is listed. */
export const insurableCropInputSchema = z
  .object({
    isActive: active,
    sortOrder: z
      .number({ error: 'Position must be a whole number' })
      .int({ error: 'Position must be a whole number' })
      .min(0, { error: 'Position must be 0 or more' })
      .max(999, { error: 'Position must be at most 999' }),
  })
  .strict();
export type InsurableCropInput = z.infer<typeof insurableCropInputSchema>;

/** POST /api/admin/calculator-settings/crops/:cropType/varieties */
export const newVarietyInputSchema = z.object({ name: name('Variety name') }).strict();
export type NewVarietyInput = z.infer<typeof newVarietyInputSchema>;

/** PUT /api/admin/calculator-settings/crops/:cropType/varieties/:variety */
export const varietyInputSchema = z.object({ isActive: active }).strict();
export type VarietyInput = z.infer<typeof varietyInputSchema>;

/** A new crop's name as the pricing model keys it: lower case, single spaces (e.g. 'faba beans'). */
const cropName = name('Crop name')
  .overwrite((text) => text.replace(/\s+/g, ' ').toLowerCase())
  .regex(/^[a-z][a-z0-9 '-]*$/, { error: 'Crop name may hold only letters, digits, spaces, hyphens and apostrophes, starting with a letter' });
const varietyList = z
  .array(name('Variety name'), { error: 'Varieties must be a list of names' })
  .max(30, { error: 'Add at most 30 varieties at once' })
  .refine((names) => new Set(names.map((variety) => variety.toLowerCase())).size === names.length, { error: 'A variety is listed twice' });
const newCropFields = {
  name: cropName,
  hailFactor: figure('Hail factor'),
  fireFactor: figure('Fire factor'),
  minimumHurdlePercentage: hurdlePercent('Minimum hurdle'),
  defaultHurdlePercentage: hurdlePercent('Default hurdle'),
};
const defaultNotBelowMinimum = (crop: { minimumHurdlePercentage: number; defaultHurdlePercentage: number }) => crop.defaultHurdlePercentage >= crop.minimumHurdlePercentage;
const defaultBelowMinimumIssue = { error: 'The default hurdle must not be below the minimum hurdle', path: ['defaultHurdlePercentage'] };

/**
 * POST /api/admin/calculator-settings/crops: a new insurable crop with everything the calculator
 * needs to price it (its rate factors, its hurdles) and, optionally, its varieties.
 */
export const newCropInputSchema = z
  .object({ ...newCropFields, varieties: varietyList.default([]) })
  .strict()
  .refine(defaultNotBelowMinimum, defaultBelowMinimumIssue);
export type NewCropInput = z.infer<typeof newCropInputSchema>;

/** The "Add a crop" form: the same crop with its varieties typed in one box, separated by commas. */
export const newCropFormSchema = z
  .object({
    ...newCropFields,
    varieties: z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((variety) => variety.trim())
          .filter(Boolean),
      )
      .pipe(varietyList),
  })
  .refine(defaultNotBelowMinimum, defaultBelowMinimumIssue);

/** PUT /api/admin/calculator-settings/figures: the minimum premium and the canola cap. */
export const calculatorFiguresInputSchema = z
  .object({
    minimumPremium: figure('Minimum premium'),
    canolaCap: z
      .object({
        maxValuePerHectare: figure('Canola cap per hectare').nullable(),
        maxShareOfInsuredValue: figure('Canola’s largest share of a quote').nullable(),
        isActive: active,
      })
      .strict(),
  })
  .strict();
export type CalculatorFiguresInput = z.infer<typeof calculatorFiguresInputSchema>;

export const cropTypeParamSchema = z.object({ cropType: name('Crop') });
export const varietyParamsSchema = z.object({ cropType: name('Crop'), variety: name('Variety') });
export const hurdlePercentageParamsSchema = z.object({ percentage: z.coerce.number({ error: 'The hurdle percentage must be a number' }) });
export const settingIdParamsSchema = z.object({ id: name('Id') });

/** GET /api/admin/calculator-settings and every change's answer: the figures as stored, including the inactive ones. */
export const calculatorSettingsResponseSchema = z.object({
  version: z.string(),
  /** The first problem of the stored pricing model, when it fails pricingModelSchema (quotes cannot be priced until fixed). */
  problem: z.string().nullable(),
  hurdleConfigs: z.array(cropHurdleConfigSchema),
  // As stored: the pricing model's own schema may refuse a stored row, and the page must still show it to be fixed.
  hurdleOptions: z.array(z.object({ id: z.string(), percentage: z.number(), impactMultiplier: z.number(), description: z.string(), isActive: z.boolean() })),
  areaLimits: z.array(
    z.object({ id: z.string(), name: z.string(), scope: z.string(), cropType: z.string().nullable(), minHectares: z.number().nullable(), maxHectares: z.number().nullable(), isActive: z.boolean() }),
  ),
  discountFactors: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), peril: z.string(), value: z.number(), isActive: z.boolean() })),
  crops: z.array(z.object({ name: z.string(), isActive: z.boolean(), sortOrder: z.number().int(), varieties: z.array(z.object({ name: z.string(), isActive: z.boolean() })) })),
  minimumPremium: z.number(),
  canolaCap: z.object({ cropType: z.string(), maxValuePerHectare: z.number().nullable(), maxShareOfInsuredValue: z.number().nullable(), isActive: z.boolean() }),
});
export type CalculatorSettingsResponse = z.infer<typeof calculatorSettingsResponseSchema>;
