/**
 * The soil-testing pilot (docs/soil-testing.md): soil samples per paddock, entered by
 * staff or the member, or imported from a lab's CSV. The rules and messages of each measure are
 * written here, for the forms, the API and the CSV import alike. A sample date is a calendar day
 * (YYYY-MM-DD, Perth); a paddock is named (paddockName) and known by its folded name.
 */
import { z } from 'zod';
import { recordId as id } from './fields';
import { formatNumber, perthCalendarDate } from '../format';
import { isCalendarDay } from '../perth-time';
import { pageParam, pageSizeParam } from './paging';

// ---- What a sample records -------------------------------------------------------------------

/** The measures labs report for WA grain paddocks, each with its unit and the range a real result falls in. */
export const SOIL_MEASURES = ['pHCaCl2', 'pHWater', 'organicCarbonPct', 'ecDsM', 'colwellPMgKg', 'kMgKg', 'sMgKg'] as const;
export type SoilMeasure = (typeof SOIL_MEASURES)[number];

export interface MeasureRule {
  /** The name a lab report uses. */
  name: string;
  /** The unit, empty for pH. */
  unit: string;
  min: number;
  max: number;
}

/** The ranges are wide enough for any soil a grower sends in and narrow enough to catch a value typed into the wrong column (a K result under P, a percentage under pH). */
export const MEASURE_RULES: Record<SoilMeasure, MeasureRule> = {
  pHCaCl2: { name: 'pH (CaCl2)', unit: '', min: 3, max: 10 },
  pHWater: { name: 'pH (water)', unit: '', min: 3, max: 11 },
  organicCarbonPct: { name: 'Organic carbon', unit: '%', min: 0, max: 60 },
  ecDsM: { name: 'EC (1:5)', unit: 'dS/m', min: 0, max: 20 },
  colwellPMgKg: { name: 'Colwell P', unit: 'mg/kg', min: 0, max: 1000 },
  kMgKg: { name: 'Colwell K', unit: 'mg/kg', min: 0, max: 5000 },
  sMgKg: { name: 'Sulfur (KCl40)', unit: 'mg/kg', min: 0, max: 1000 },
};

/** 'Colwell P (mg/kg)', 'pH (CaCl2)'. */
export function measureLabel(measure: SoilMeasure): string {
  const { name, unit } = MEASURE_RULES[measure];
  return unit ? `${name} (${unit})` : name;
}

/** 'pH (CaCl2) must be between 3 and 10'. */
export function measureRangeMessage(measure: SoilMeasure): string {
  const { min, max } = MEASURE_RULES[measure];
  return `${measureLabel(measure)} must be between ${formatNumber(min)} and ${formatNumber(max)}`;
}

export const SOIL_TEXTURES = ['sand', 'loamy sand', 'sandy loam', 'loam', 'sandy clay loam', 'clay loam', 'clay'] as const;
export type SoilTexture = (typeof SOIL_TEXTURES)[number];

/** The depth a sample may reach, in centimetres (deep subsoil cores go to a metre or so). */
export const MAX_DEPTH_CM = 200;
/** The earliest sample date the pilot accepts; older results belong to another paddock history. */
export const EARLIEST_SAMPLE_DATE = '1980-01-01';

export const ENTERED_BY = ['member', 'staff'] as const;
export type EnteredBy = (typeof ENTERED_BY)[number];

/** The fields of a sample a lab's CSV column can fill (how headings are matched: shared/domain/soil/csv-mapping.ts). */
export const SOIL_IMPORT_FIELDS = ['paddock', 'sampleDate', 'lab', 'depth', 'depthFromCm', 'depthToCm', ...SOIL_MEASURES, 'texture'] as const;
export type SoilImportField = (typeof SOIL_IMPORT_FIELDS)[number];

/** An empty form field (NaN from a number input, '' from a select) is no result. */
const blankAsNull = (value: unknown) => (value === '' || value === undefined || (typeof value === 'number' && Number.isNaN(value)) ? null : value);

/** An empty filter field is no filter. */
const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const measure = (key: SoilMeasure) =>
  z.preprocess(
    blankAsNull,
    z
      .number({ error: `${measureLabel(key)} must be a number` })
      .min(MEASURE_RULES[key].min, measureRangeMessage(key))
      .max(MEASURE_RULES[key].max, measureRangeMessage(key))
      .nullable(),
  );

const depth = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number of centimetres` })
    .int(`${label} must be a whole number of centimetres`)
    .min(min, `${label} must be between ${min} and ${max} cm`)
    .max(max, `${label} must be between ${min} and ${max} cm`);

const sampleDateSchema = z
  .string({ error: 'Give the day the sample was taken' })
  .refine(isCalendarDay, 'The sample date must be a day, as YYYY-MM-DD')
  .refine((day) => day >= EARLIEST_SAMPLE_DATE, 'The sample date must be in 1980 or later')
  .refine((day) => day <= perthCalendarDate(new Date()), 'The sample date cannot be in the future');

const sampleShape = {
  lab: z.string({ error: 'Name the lab that tested the sample' }).trim().min(1, 'Name the lab that tested the sample').max(100, 'The lab’s name may be at most 100 characters'),
  sampleDate: sampleDateSchema,
  depthFromCm: depth('The depth it starts at', 0, MAX_DEPTH_CM - 1),
  depthToCm: depth('The depth it goes to', 1, MAX_DEPTH_CM),
  pHCaCl2: measure('pHCaCl2'),
  pHWater: measure('pHWater'),
  organicCarbonPct: measure('organicCarbonPct'),
  ecDsM: measure('ecDsM'),
  colwellPMgKg: measure('colwellPMgKg'),
  kMgKg: measure('kMgKg'),
  sMgKg: measure('sMgKg'),
  texture: z.preprocess(blankAsNull, z.enum(SOIL_TEXTURES, 'Choose a texture from the list: sand, loamy sand, sandy loam, loam, sandy clay loam, clay loam or clay').nullable()),
};

/** At least one result; the depth ends below where it starts. */
function checkSample(sample: { depthFromCm: number; depthToCm: number } & Record<SoilMeasure, number | null>, context: z.RefinementCtx) {
  if (sample.depthToCm <= sample.depthFromCm) context.addIssue({ code: 'custom', path: ['depthToCm'], message: 'The depth must end below where it starts (0 to 10 cm, say)' });
  if (SOIL_MEASURES.every((key) => sample[key] === null)) context.addIssue({ code: 'custom', path: ['pHCaCl2'], message: 'Give at least one result (pH, organic carbon, EC, P, K or S)' });
}

/** What a sample records, whoever enters it (the CSV import checks each row with it too). */
export const soilSampleValuesSchema = z.object(sampleShape).superRefine(checkSample);
export type SoilSampleValues = z.output<typeof soilSampleValuesSchema>;

const paddockNameSchema = z.string({ error: 'Choose the paddock' }).trim().min(1, 'Choose the paddock').max(100, 'A paddock name may be at most 100 characters');

/** POST /api/user/soil-samples (?memberId= for a broker of record), and PUT /api/admin/soil-samples/:id: a result for one of the member's own paddocks. */
export const soilSampleInputSchema = z.object({ paddockName: paddockNameSchema, ...sampleShape }).superRefine(checkSample);
export type SoilSampleInput = z.input<typeof soilSampleInputSchema>;

/** POST /api/admin/soil-samples: staff enter a result for a member's paddock. */
export const adminSoilSampleInputSchema = z.object({ memberId: id, paddockName: paddockNameSchema, ...sampleShape }).superRefine(checkSample);

export const soilSampleSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  paddockName: z.string(),
  paddockKey: z.string(),
  lab: z.string(),
  sampleDate: z.string(),
  depthFromCm: z.number(),
  depthToCm: z.number(),
  pHCaCl2: z.number().nullable(),
  pHWater: z.number().nullable(),
  organicCarbonPct: z.number().nullable(),
  ecDsM: z.number().nullable(),
  colwellPMgKg: z.number().nullable(),
  kMgKg: z.number().nullable(),
  sMgKg: z.number().nullable(),
  texture: z.enum(SOIL_TEXTURES).nullable(),
  enteredBy: z.enum(ENTERED_BY),
  importBatchId: z.string().nullable(),
  createdAt: z.string(),
});
export type SoilSampleView = z.infer<typeof soilSampleSchema>;
export const soilSampleResponseSchema = z.object({ sample: soilSampleSchema });

/** GET /api/admin/soil-samples and its CSV: filters, newest sample first. */
export const soilSampleListQuerySchema = z.object({
  memberId: id.optional(),
  paddock: z.string().trim().max(100, 'Search for a paddock name of at most 100 characters').optional(),
  lab: z.string().trim().max(100, 'Search for a lab name of at most 100 characters').optional(),
  from: z.preprocess(blankAsUndefined, z.string().refine(isCalendarDay, 'From must be a day, as YYYY-MM-DD').optional()),
  to: z.preprocess(blankAsUndefined, z.string().refine(isCalendarDay, 'To must be a day, as YYYY-MM-DD').optional()),
  page: pageParam,
  pageSize: pageSizeParam(25),
});
export type SoilSampleListQuery = z.input<typeof soilSampleListQuerySchema>;
export const soilSampleListSchema = z.object({ samples: z.array(soilSampleSchema), total: z.number(), page: z.number(), pageSize: z.number() });

/** A paddock of the member's farm, as the map draws it. */
export const soilPaddockSchema = z.object({ name: z.string(), key: z.string(), areaHa: z.number(), geometry: z.unknown().nullable() });
export type SoilPaddockView = z.infer<typeof soilPaddockSchema>;

/** GET /api/user/soil-samples and GET /api/admin/soil-samples/farm?memberId=: the member's paddocks and every sample of theirs, oldest first. */
export const soilFarmSchema = z.object({ memberName: z.string(), paddocks: z.array(soilPaddockSchema), samples: z.array(soilSampleSchema) });
export type SoilFarmView = z.infer<typeof soilFarmSchema>;
export const soilFarmQuerySchema = z.object({ memberId: id });

// ---- Lab CSV import ----------------------------------------------------------------------------

/** Which column (by position, from 0) holds each field; a field left out is not in the file. */
export const soilImportMappingSchema = z
  .object(
    Object.fromEntries(SOIL_IMPORT_FIELDS.map((field) => [field, z.number().int().min(0).max(500).nullable().optional()])) as Record<
      (typeof SOIL_IMPORT_FIELDS)[number],
      z.ZodOptional<z.ZodNullable<z.ZodNumber>>
    >,
  )
  .strict();
export type SoilImportMapping = z.infer<typeof soilImportMappingSchema>;

const jsonField = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** The multipart fields beside the file of POST /api/admin/soil-samples/import/preview and …/import. */
export const soilImportFieldsSchema = z.object({
  memberId: id,
  /** The lab, when the file has no lab column. */
  lab: z.string().trim().max(100, 'The lab’s name may be at most 100 characters').optional(),
  /** JSON of soilImportMappingSchema; the preview suggests one when it is left out. */
  mapping: z.preprocess(jsonField, soilImportMappingSchema.optional()),
});

export const soilImportRowErrorSchema = z.object({ row: z.number(), message: z.string() });
export type SoilImportRowError = z.infer<typeof soilImportRowErrorSchema>;

export const soilImportPreviewSchema = z.object({
  fileName: z.string(),
  headers: z.array(z.string()),
  /** The first rows as written, for the mapping screen. */
  sampleRows: z.array(z.array(z.string())),
  rowCount: z.number(),
  suggestedMapping: soilImportMappingSchema,
  mapping: soilImportMappingSchema,
  /** What the mapping lacks ('Choose the column that holds the paddock'); the import waits for them. */
  mappingProblems: z.array(z.string()),
  rowErrors: z.array(soilImportRowErrorSchema),
  readyRows: z.number(),
});
export type SoilImportPreview = z.infer<typeof soilImportPreviewSchema>;

export const soilImportResultSchema = z.object({ imported: z.number(), importBatchId: z.string() });
