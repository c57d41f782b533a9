import { randomUUID } from 'node:crypto';
import type { DiscountRuleDraft, DiscountRulePreviewResponse, DiscountRulesResponse } from '@shared/contracts/discounts';
import type { DynamicDiscountRule, PricingModel } from '@shared/contracts/pricing';
import { byPriority } from '@shared/domain/pricing/discount-stacking';
import { modelWithRule, ruleEffect, SAMPLE_QUOTES, sameDayNextYear } from '@shared/domain/pricing/discount-preview';
import { applyPricingEdit, nextModelVersion, pricingModelProblem } from '@shared/domain/pricing/model-edit';
import { seasonYearOf, waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import type { CoverageType } from '@shared/constants';
import type { Database } from '../../db/client';
import { auditEntry } from '../../lib/audit-log';
import { badRequest, notFound } from '../../lib/app-error';
import { dynamicRuleColumns, PRICING_SETTINGS_ID, pricingModelCache, readPricingModel } from '../pricing/pricing-model.repository';

/**
 * The dynamic discount rules (docs/discounts.md). A change is applied to the whole stored model and
 * checked with pricingModelSchema, written with a new model version and its audit entry in one
 * transaction, and the pricing cache is dropped so the next quote uses it.
 */
export function discountRulesService(db: Database) {
  const cache = pricingModelCache(db);

  async function storedModel(): Promise<PricingModel> {
    const { candidate } = await readPricingModel(db);
    const checked = pricingModelProblem(candidate);
    if (!checked.model) throw badRequest(`The stored pricing model is not valid, so rules cannot be changed or previewed until it is repaired: ${checked.problem}`, 'pricing_model_invalid');
    return checked.model;
  }

  async function usage(seasonYear: number) {
    const rows = await db.applicationDiscount.groupBy({ by: ['ruleId'], where: { application: { seasonYear } }, _count: { _all: true }, _sum: { amountCents: true } });
    return rows.map((row) => ({ ruleId: row.ruleId, applications: row._count._all, amountCents: row._sum.amountCents ?? 0 }));
  }

  async function answer(model: PricingModel, now: Date): Promise<DiscountRulesResponse> {
    const seasonYear = seasonYearOf(waCalendarDate(now));
    return {
      version: model.version,
      maxTotalDiscountRate: model.maxTotalDiscountRate,
      minimumPremium: model.minimumPremium,
      seasonYear,
      rules: byPriority(model.dynamicDiscounts.map((rule) => ({ ...rule, priority: rule.priority ?? 0 }))),
      usage: await usage(seasonYear),
      zones: model.zones.filter((zone) => zone.isActive).map(({ code, name }) => ({ code, name })),
      crops: model.cropFactors.filter((factor) => factor.isActive).map((factor) => factor.cropType),
    };
  }

  /** Writes the rule row (created or updated) with the new version and the audit entry, all or nothing. */
  async function save(actorId: string, before: PricingModel, after: PricingModel, rule: DynamicDiscountRule, created: boolean, now: Date): Promise<PricingModel> {
    const version = nextModelVersion(now);
    const previous = before.dynamicDiscounts.find((item) => item.id === rule.id) ?? null;
    const sortOrder = before.dynamicDiscounts.length;
    await db.$transaction([
      created ? db.dynamicDiscountRule.create({ data: { id: rule.id, ...dynamicRuleColumns(rule), sortOrder } }) : db.dynamicDiscountRule.update({ where: { id: rule.id }, data: dynamicRuleColumns(rule) }),
      db.pricingSettings.update({ where: { id: PRICING_SETTINGS_ID }, data: { version } }),
      auditEntry(db, {
        actorId,
        customerId: null,
        action: 'pricing_model_changed',
        details: { change: created ? 'discountRuleCreated' : 'dynamicDiscount', target: { id: rule.id }, before: previous, after: rule, previousVersion: before.version, version },
      }),
    ]);
    cache.invalidate();
    return { ...after, version };
  }

  return {
    async list(now = new Date()): Promise<DiscountRulesResponse> {
      return answer(await storedModel(), now);
    },

    async create(actorId: string, draft: Extract<DiscountRuleDraft, { kind: 'conditional' }>, now = new Date()): Promise<DiscountRulesResponse> {
      const before = await storedModel();
      const rule: DynamicDiscountRule = { ...draft, id: `rule-${randomUUID().slice(0, 8)}` };
      const checked = pricingModelProblem(modelWithRule(before, rule));
      if (!checked.model) throw badRequest(checked.problem, 'pricing_model_invalid');
      return answer(await save(actorId, before, checked.model, rule, true, now), now);
    },

    async update(actorId: string, id: string, draft: DiscountRuleDraft, now = new Date()): Promise<DiscountRulesResponse> {
      const before = await storedModel();
      const rule = { ...draft, id } as DynamicDiscountRule;
      const result = applyPricingEdit(before, { kind: 'dynamicDiscount', rule });
      if (!result.ok) throw result.reason === 'not_found' ? notFound(result.message, 'discount_rule_not_found') : badRequest(result.message, 'pricing_model_invalid');
      return answer(await save(actorId, before, result.model, rule, false, now), now);
    },

    /** The rule's effect on the three sample quotes (priced today) and on last season's applications (re-quoted on the same day this season). */
    async preview(id: string | undefined, draft: DiscountRuleDraft, now = new Date()): Promise<DiscountRulePreviewResponse> {
      const before = await storedModel();
      if (id !== undefined && !before.dynamicDiscounts.some((rule) => rule.id === id)) throw notFound(`There is no discount rule ${id}.`, 'discount_rule_not_found');
      const rule = { ...draft, id: id ?? 'rule-preview' } as DynamicDiscountRule;
      const existing = before.dynamicDiscounts.find((item) => item.id === rule.id);
      if (existing && existing.kind !== rule.kind) throw badRequest(`Discount rule ${rule.id} is a ${existing.kind} discount; its kind cannot change.`, 'pricing_model_invalid');
      const checked = pricingModelProblem(modelWithRule(before, rule));
      if (!checked.model) throw badRequest(checked.problem, 'pricing_model_invalid');
      const after = checked.model;
      const today = waCalendarDate(now);

      const samples = SAMPLE_QUOTES.map((sample) => {
        const effect = ruleEffect(before, after, rule.id, sample.request, { quoteDate: today, priorMemberSeasons: sample.priorMemberSeasons, referrerCodeIsValid: sample.referrerCodeIsValid });
        return effect.priced
          ? {
              label: sample.label,
              summary: sample.summary,
              premiumBeforeCents: effect.premiumBeforeCents,
              premiumAfterCents: effect.premiumAfterCents,
              ruleAmountCents: effect.ruleAmountCents,
              description: effect.description,
              problem: null,
            }
          : { label: sample.label, summary: sample.summary, premiumBeforeCents: null, premiumAfterCents: null, ruleAmountCents: 0, description: null, problem: effect.problem };
      });

      const lastSeasonYear = seasonYearOf(today) - 1;
      const applications = await db.protectionApplication.findMany({
        where: { seasonYear: lastSeasonYear },
        select: { userId: true, quoteDate: true, coverageType: true, zoneCode: true, referrerCode: true, pricing: true, crops: { orderBy: { sortOrder: 'asc' } } },
      });
      const seasonsByUser = new Map<string, Set<number>>();
      for (const row of await db.protectionApplication.findMany({
        where: { userId: { in: [...new Set(applications.map((item) => item.userId))] }, seasonYear: { lte: lastSeasonYear } },
        distinct: ['userId', 'seasonYear'],
        select: { userId: true, seasonYear: true },
      })) {
        seasonsByUser.set(row.userId, (seasonsByUser.get(row.userId) ?? new Set()).add(row.seasonYear));
      }
      let wouldGet = 0;
      let costCents = 0;
      let unpriced = 0;
      for (const application of applications) {
        const stored = application.pricing as { appliedDynamicDiscounts?: Array<{ kind?: string }> } | null;
        const effect = ruleEffect(
          before,
          after,
          rule.id,
          {
            coverageType: application.coverageType as CoverageType,
            zone: application.zoneCode,
            referrerCode: application.referrerCode,
            cropAllocations: application.crops.map(({ cropType, hectares, expectedYield, pricePerTonne, hurdlePercentage }) => ({ type: cropType, hectares, expectedYield, pricePerTonne, hurdlePercentage })),
          },
          {
            quoteDate: sameDayNextYear(application.quoteDate),
            // One season older: the season of the application itself now counts.
            priorMemberSeasons: seasonsByUser.get(application.userId)?.size ?? 1,
            // The code earned the referrer discount when it was submitted, so it belonged to an active referrer.
            referrerCodeIsValid: application.referrerCode !== null && (stored?.appliedDynamicDiscounts ?? []).some((discount) => discount.kind === 'referrer'),
          },
        );
        if (!effect.priced) {
          unpriced += 1;
          continue;
        }
        if (effect.ruleAmountCents > 0) wouldGet += 1;
        costCents += effect.premiumBeforeCents - effect.premiumAfterCents;
      }
      return { samples, lastSeason: { seasonYear: lastSeasonYear, applications: applications.length, wouldGet, costCents, unpriced } };
    },
  };
}
