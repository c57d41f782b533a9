import { DEFAULT_HURDLE_OPTIONS } from '@shared/constants';
import { DEFAULT_AGRICULTURE_ZONES, DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import type { Database } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import { dynamicRuleColumns, PRICING_SETTINGS_ID } from './pricing-model.repository';

/**
 * Inserts the seed pricing model (docs/pricing.md §5) where rows are missing: agriculture zones
 * with their outlines, hurdle multipliers, crop factors, area limits, discount factors, dynamic
 * discount rules and the model-wide settings. Rows that exist are left as administrators edited them.
 */
export async function seedPricingModel(db: Database): Promise<void> {
  const model = DEFAULT_PRICING_MODEL;
  for (const zone of DEFAULT_AGRICULTURE_ZONES) {
    const { code, name, riskLevel, hailRate, fireRate, bothRate, isActive, boundary, sortOrder } = zone;
    await db.agricultureZone.upsert({
      where: { code },
      create: { code, name, riskLevel, hailRate, fireRate, bothRate, isActive, boundary: boundary as unknown as Prisma.InputJsonValue, sortOrder },
      update: {},
    });
  }
  await upgradeFallbackHurdleMultipliers(db);
  for (const option of model.hurdleOptions) {
    await db.hurdleOption.upsert({ where: { percentage: option.percentage }, create: option, update: {} });
  }
  for (const factor of model.cropFactors) {
    await db.cropRateFactor.upsert({ where: { cropType: factor.cropType }, create: factor, update: {} });
  }
  for (const [sortOrder, limit] of model.areaLimits.entries()) {
    await db.areaLimit.upsert({ where: { id: limit.id }, create: { ...limit, sortOrder }, update: {} });
  }
  for (const [sortOrder, factor] of model.discountFactors.entries()) {
    await db.discountFactor.upsert({ where: { id: factor.id }, create: { ...factor, sortOrder }, update: {} });
  }
  for (const [sortOrder, rule] of model.dynamicDiscounts.entries()) {
    await db.dynamicDiscountRule.upsert({ where: { id: rule.id }, create: { id: rule.id, ...dynamicRuleColumns(rule), sortOrder }, update: {} });
  }
  const cap = model.canolaCap;
  await db.pricingSettings.upsert({
    where: { id: PRICING_SETTINGS_ID },
    create: {
      id: PRICING_SETTINGS_ID,
      version: model.version,
      maxTotalDiscountRate: model.maxTotalDiscountRate,
      minimumPremium: model.minimumPremium,
      canolaCropType: cap?.cropType ?? 'canola',
      canolaMaxValuePerHectare: cap?.maxValuePerHectare ?? null,
      canolaMaxShare: cap?.maxShareOfInsuredValue ?? null,
      canolaCapActive: cap?.isActive ?? false,
    },
    update: {},
  });
}

/**
 * Databases seeded before the pricing model existed got the client's fallback hurdle options
 * (SPEC §9: every multiplier 1). When the table still holds exactly those rows, nobody has edited
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
  for (const option of DEFAULT_PRICING_MODEL.hurdleOptions) {
    await db.hurdleOption.update({ where: { percentage: option.percentage }, data: { impactMultiplier: option.impactMultiplier } });
  }
}
