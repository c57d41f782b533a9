import { DEFAULT_HURDLE_OPTIONS } from '@shared/constants';
import { DEFAULT_AGRICULTURE_ZONES, DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import type { Database } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import { addMissingRows } from '../../db/seed-rows';
import { dynamicRuleColumns, PRICING_SETTINGS_ID } from './pricing-model.repository';

/**
 * Inserts the seed pricing model (docs/pricing.md §5) where rows are missing: agriculture zones
 * with their outlines, hurdle multipliers, crop factors, area limits, discount factors, dynamic
 * discount rules and the model-wide settings. Rows that exist are left as administrators edited them.
 */
export async function seedPricingModel(db: Database): Promise<void> {
  const model = DEFAULT_PRICING_MODEL;
  await addMissingRows({
    rows: DEFAULT_AGRICULTURE_ZONES,
    keyOf: (zone) => zone.code,
    existingKeys: async () => (await db.agricultureZone.findMany({ select: { code: true } })).map((zone) => zone.code),
    create: (zones) =>
      db.agricultureZone.createMany({
        data: zones.map(({ code, name, riskLevel, hailRate, fireRate, bothRate, isActive, boundary, sortOrder }) => ({
          code,
          name,
          riskLevel,
          hailRate,
          fireRate,
          bothRate,
          isActive,
          boundary: boundary as unknown as Prisma.InputJsonValue,
          sortOrder,
        })),
      }),
  });
  await upgradeFallbackHurdleMultipliers(db);
  await addMissingRows({
    rows: model.hurdleOptions,
    keyOf: (option) => String(option.percentage),
    existingKeys: async () => (await db.hurdleOption.findMany({ select: { percentage: true } })).map((option) => String(option.percentage)),
    create: (options) => db.hurdleOption.createMany({ data: options }),
  });
  await addMissingRows({
    rows: model.cropFactors,
    keyOf: (factor) => factor.cropType,
    existingKeys: async () => (await db.cropRateFactor.findMany({ select: { cropType: true } })).map((factor) => factor.cropType),
    create: (factors) => db.cropRateFactor.createMany({ data: factors }),
  });
  await addMissingRows({
    rows: model.areaLimits.map((limit, sortOrder) => ({ ...limit, sortOrder })),
    keyOf: (limit) => limit.id,
    existingKeys: async () => (await db.areaLimit.findMany({ select: { id: true } })).map((limit) => limit.id),
    create: (limits) => db.areaLimit.createMany({ data: limits }),
  });
  await addMissingRows({
    rows: model.discountFactors.map((factor, sortOrder) => ({ ...factor, sortOrder })),
    keyOf: (factor) => factor.id,
    existingKeys: async () => (await db.discountFactor.findMany({ select: { id: true } })).map((factor) => factor.id),
    create: (factors) => db.discountFactor.createMany({ data: factors }),
  });
  await addMissingRows({
    rows: model.dynamicDiscounts.map((rule, sortOrder) => ({ id: rule.id, ...dynamicRuleColumns(rule), sortOrder })),
    keyOf: (rule) => rule.id,
    existingKeys: async () => (await db.dynamicDiscountRule.findMany({ select: { id: true } })).map((rule) => rule.id),
    create: (rules) => db.dynamicDiscountRule.createMany({ data: rules }),
  });
  const cap = model.canolaCap;
  await addMissingRows({
    rows: [
      {
        id: PRICING_SETTINGS_ID,
        version: model.version,
        maxTotalDiscountRate: model.maxTotalDiscountRate,
        minimumPremium: model.minimumPremium,
        canolaCropType: cap?.cropType ?? 'canola',
        canolaMaxValuePerHectare: cap?.maxValuePerHectare ?? null,
        canolaMaxShare: cap?.maxShareOfInsuredValue ?? null,
        canolaCapActive: cap?.isActive ?? false,
      },
    ],
    keyOf: (settings) => settings.id,
    existingKeys: async () => (await db.pricingSettings.findMany({ select: { id: true } })).map((settings) => settings.id),
    create: (settings) => db.pricingSettings.createMany({ data: settings }),
  });
}

/**
 * Databases seeded before the pricing model existed got the client's fallback hurdle options
 * (docs/behaviour.md §9: every multiplier 1). When the table still holds exactly those rows, nobody has edited
 * them, so they take the model's multipliers; any other content is an administrator's and stays.
 */
async function upgradeFallbackHurdleMultipliers(db: Database): Promise<void> {
  const rows = await db.hurdleOption.findMany({ orderBy: { percentage: 'asc' } });
  const untouchedFallback =
    rows.length === DEFAULT_HURDLE_OPTIONS.length &&
    rows.every((row, index) => {
      const fallback = DEFAULT_HURDLE_OPTIONS[index];
      return fallback !== undefined && row.percentage === fallback.percentage && row.impactMultiplier === 1 && row.description === fallback.description && row.isActive;
    });
  if (!untouchedFallback) return;
  // All together: a start stopped half-way would leave rows no longer untouched, and quotes priced on a mix, for good.
  await db.$transaction(DEFAULT_PRICING_MODEL.hurdleOptions.map((option) => db.hurdleOption.update({ where: { percentage: option.percentage }, data: { impactMultiplier: option.impactMultiplier } })));
}
