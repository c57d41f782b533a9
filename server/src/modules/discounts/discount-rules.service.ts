import { randomUUID } from 'node:crypto';
import type { DiscountRuleChange, DiscountRuleDraft, DiscountRulePreviewResponse, DiscountRulesResponse } from '@shared/contracts/discounts';
import { type DynamicDiscountRule, dynamicDiscountRuleSchema, type PricingModel } from '@shared/contracts/pricing';
import { byPriority } from '@shared/domain/pricing/discount-stacking';
import { modelWithRule, ruleEffect, SAMPLE_QUOTES, sameDayNextYear } from '@shared/domain/pricing/discount-preview';
import { applyPricingEdit, nextModelVersion, pricingModelProblem } from '@shared/domain/pricing/model-edit';
import { waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import type { CoverageType } from '@shared/constants';
import { formatDateTime } from '@shared/format';
import type { Database, DatabaseWriter } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import { auditEntry } from '../../lib/audit-log';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { loadApprovalContext, requireSecondPerson } from '../accounts/approvals';
import type { SecondPersonDecision, SecondPersonMail } from '../accounts/second-person-emails';
import { dynamicRuleColumns, PRICING_SETTINGS_ID, pricingModelCache, readPricingModel } from '../pricing/pricing-model.repository';
import { seasonFor } from '../seasons/seasons.service';

/** What an approval of a rule change is called in the maker-checker sentences. */
const RULE_CHANGE = 'this change to the discount rules';

type ChangeRow = Prisma.DiscountRuleChangeGetPayload<object>;

/**
 * The dynamic discount rules (docs/discounts.md). Creating or changing a rule asks for a change
 * (DiscountRuleChange) that waits for a second, independent administrator (maker-checker bound to
 * people: server/src/modules/accounts/approvals.ts); DynamicDiscountRule holds only approved
 * versions, so pricing uses a rule, or a rule's new version, only once it is approved, and the
 * approved version keeps pricing meanwhile. Approving applies the change to the whole stored model
 * and checks it with pricingModelSchema, writes it with a new model version and its audit entry in
 * one transaction, and drops the pricing cache so the next quote uses it.
 */
/** A rule change in the e-mails about it: a new rule, or a change to the rule as it was named before. */
const ruleChangeWhat = (rule: { name: string }, before: { name: string } | null) => (before ? `a change to the discount rule “${before.name}”` : `a new discount rule, “${rule.name}”`);

export function discountRulesService(db: Database, secondPerson?: SecondPersonMail) {
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

  /** The changes waiting, oldest first, each with whether the viewer may approve it and the role changes that decide it. */
  async function pendingChanges(viewerId: string, now: Date): Promise<DiscountRuleChange[]> {
    const rows = await db.discountRuleChange.findMany({ where: { status: 'pending' }, orderBy: [{ requestedAt: 'asc' }, { id: 'asc' }] });
    const approvals = await loadApprovalContext(db, [viewerId, ...rows.map((row) => row.requestedById)], now);
    return rows.map((row) => ({
      id: row.id,
      ruleId: row.ruleId,
      isNew: row.isNew,
      rule: dynamicDiscountRuleSchema.parse(row.rule),
      before: row.before === null ? null : dynamicDiscountRuleSchema.parse(row.before),
      requestedBy: approvals.nameOf(row.requestedById),
      requestedById: row.requestedById,
      requestedAt: row.requestedAt.toISOString(),
      approval: approvals.check({ approverId: viewerId, requesterId: row.requestedById, beneficiaryId: null, what: RULE_CHANGE }).approval,
    }));
  }

  async function answer(model: PricingModel, viewerId: string, now: Date): Promise<DiscountRulesResponse> {
    const seasonYear = (await seasonFor(db, waCalendarDate(now))).year;
    return {
      version: model.version,
      maxTotalDiscountRate: model.maxTotalDiscountRate,
      minimumPremium: model.minimumPremium,
      seasonYear,
      rules: byPriority(model.dynamicDiscounts.map((rule) => ({ ...rule, priority: rule.priority ?? 0 }))),
      pending: await pendingChanges(viewerId, now),
      usage: await usage(seasonYear),
      zones: model.zones.filter((zone) => zone.isActive).map(({ code, name }) => ({ code, name })),
      crops: model.cropFactors.filter((factor) => factor.isActive).map((factor) => factor.cropType),
    };
  }

  const waitingRefusal = (rule: string, waiting: ChangeRow, requester: string) =>
    conflict(
      `${rule} already has a change waiting for a second administrator (asked for by ${requester}, ${formatDateTime(waiting.requestedAt)}). Approve or reject that change first; only one change waits per rule.`,
      'discount_rule_change_pending',
    );

  /** What the one who asked for the change is told of its decision. */
  const decisionToTell = (row: ChangeRow, what: string, decided: { actorId: string; decision: SecondPersonDecision['decision']; note: string | undefined; now: Date }): SecondPersonDecision => ({
    kind: 'rule_change',
    id: row.id,
    requesterId: row.requestedById,
    beneficiaryId: null,
    what,
    deciderId: decided.actorId,
    decision: decided.decision,
    note: decided.note,
    at: decided.now,
  });

  /** Records the change, pending, with its audit entry; nothing prices differently until it is approved. */
  async function ask(actorId: string, rule: DynamicDiscountRule, before: DynamicDiscountRule | null, now: Date): Promise<void> {
    const waiting = await db.discountRuleChange.findUnique({ where: { pendingRuleId: rule.id } });
    if (waiting) throw waitingRefusal(before?.name ?? rule.name, waiting, (await loadApprovalContext(db, [waiting.requestedById], now)).nameOf(waiting.requestedById));
    try {
      const emails = await db.$transaction(async (tx) => {
        const change = await tx.discountRuleChange.create({
          data: { ruleId: rule.id, isNew: before === null, rule: rule as object, before: (before ?? undefined) as object | undefined, pendingRuleId: rule.id, requestedById: actorId, requestedAt: now },
        });
        await auditEntry(tx, { actorId, customerId: null, action: 'discount_rule_change_requested', details: { ruleChangeId: change.id, target: { id: rule.id }, before, after: rule } });
        return (await secondPerson?.ask(tx, { kind: 'rule_change', id: change.id, requesterId: actorId, beneficiaryId: null, what: ruleChangeWhat(rule, before), at: now })) ?? [];
      });
      await secondPerson?.dispatch(emails);
    } catch (error) {
      // Two administrators asking at the same moment: the unique pendingRuleId lets one change wait.
      if ((error as { code?: unknown }).code !== 'P2002') throw error;
      const raced = await db.discountRuleChange.findUniqueOrThrow({ where: { pendingRuleId: rule.id } });
      throw waitingRefusal(before?.name ?? rule.name, raced, (await loadApprovalContext(db, [raced.requestedById], now)).nameOf(raced.requestedById));
    }
  }

  async function pendingChange(id: string): Promise<ChangeRow> {
    const row = await db.discountRuleChange.findUnique({ where: { id } });
    if (!row) throw notFound(`There is no discount rule change ${id}.`, 'discount_rule_change_not_found');
    if (row.status !== 'pending') throw conflict(`This change to the discount rules is already ${row.status}; only a waiting change can be approved or rejected.`, 'discount_rule_change_decided');
    return row;
  }

  /** Marks a waiting change decided, or refuses when someone decided it first. */
  async function settle(tx: DatabaseWriter, id: string, data: Prisma.DiscountRuleChangeUpdateManyMutationInput): Promise<void> {
    const { count } = await tx.discountRuleChange.updateMany({ where: { id, status: 'pending' }, data: { ...data, pendingRuleId: null } });
    if (count !== 1) throw conflict('Someone decided this change to the discount rules a moment ago; reload the page to see what they decided.', 'discount_rule_change_decided');
  }

  return {
    async list(viewerId: string, now = new Date()): Promise<DiscountRulesResponse> {
      return answer(await storedModel(), viewerId, now);
    },

    /** A new conditional rule, waiting for a second administrator. */
    async create(actorId: string, draft: Extract<DiscountRuleDraft, { kind: 'conditional' }>, now = new Date()): Promise<DiscountRulesResponse> {
      const model = await storedModel();
      const rule: DynamicDiscountRule = { ...draft, id: `rule-${randomUUID().slice(0, 8)}` };
      const checked = pricingModelProblem(modelWithRule(model, rule));
      if (!checked.model) throw badRequest(checked.problem, 'pricing_model_invalid');
      await ask(actorId, rule, null, now);
      return answer(model, actorId, now);
    },

    /** A rule's new version (whole; its kind cannot change), waiting for a second administrator; the approved version prices meanwhile. */
    async update(actorId: string, id: string, draft: DiscountRuleDraft, now = new Date()): Promise<DiscountRulesResponse> {
      const model = await storedModel();
      const rule = { ...draft, id } as DynamicDiscountRule;
      const result = applyPricingEdit(model, { kind: 'dynamicDiscount', rule });
      if (!result.ok) throw result.reason === 'not_found' ? notFound(result.message, 'discount_rule_not_found') : badRequest(result.message, 'pricing_model_invalid');
      await ask(actorId, rule, model.dynamicDiscounts.find((item) => item.id === id) ?? null, now);
      return answer(model, actorId, now);
    },

    /**
     * A second, independent administrator approves: the change is applied to the model as it is now
     * and checked whole (refused with the schema's sentence, nothing written, the change still
     * waiting), then written with a new version and the audit entry, and priced from the next quote.
     */
    async approve(actorId: string, changeId: string, note: string | undefined, now = new Date()): Promise<DiscountRulesResponse> {
      const row = await pendingChange(changeId);
      const weighed = await requireSecondPerson(db, { approverId: actorId, requesterId: row.requestedById, beneficiaryId: null, what: RULE_CHANGE }, now);
      const before = await storedModel();
      const rule = dynamicDiscountRuleSchema.parse(row.rule);
      const previous = before.dynamicDiscounts.find((item) => item.id === rule.id) ?? null;
      // A new rule is added to the model; a changed one replaces its approved version (its kind cannot change).
      const added = previous ? null : pricingModelProblem(modelWithRule(before, rule));
      const checked = added ? (added.model ? { ok: true as const, model: added.model } : { ok: false as const, message: added.problem }) : applyPricingEdit(before, { kind: 'dynamicDiscount', rule });
      if (!checked.ok)
        throw badRequest(`This change cannot be approved with the pricing model as it is now: ${checked.message.replace(/\.?$/, '.')} Reject it and ask for the change again.`, 'pricing_model_invalid');
      const after = checked.model;
      const version = nextModelVersion(now);
      const emails = await db.$transaction(async (tx) => {
        await settle(tx, row.id, { status: 'approved', decidedById: actorId, decidedAt: now, decisionNote: note ?? null, version });
        if (previous) await tx.dynamicDiscountRule.update({ where: { id: rule.id }, data: dynamicRuleColumns(rule) });
        else await tx.dynamicDiscountRule.create({ data: { id: rule.id, ...dynamicRuleColumns(rule), sortOrder: before.dynamicDiscounts.length } });
        await tx.pricingSettings.update({ where: { id: PRICING_SETTINGS_ID }, data: { version } });
        await auditEntry(tx, {
          actorId,
          customerId: null,
          action: 'pricing_model_changed',
          details: {
            change: previous ? 'dynamicDiscount' : 'discountRuleCreated',
            target: { id: rule.id },
            before: previous,
            after: rule,
            previousVersion: before.version,
            version,
            ruleChangeId: row.id,
            requestedById: row.requestedById,
            requestedAt: row.requestedAt.toISOString(),
            note: note ?? null,
            requesterRoleChanges: weighed.requesterRoleChanges,
            approverRoleChanges: weighed.approverRoleChanges,
          },
        });
        return (await secondPerson?.tell(tx, decisionToTell(row, ruleChangeWhat(rule, previous), { actorId, decision: 'approved', note, now }))) ?? [];
      });
      cache.invalidate();
      await secondPerson?.dispatch(emails);
      return answer({ ...after, version }, actorId, now);
    },

    /** Any administrator may reject a waiting change, the one who asked included (they withdraw it); nothing prices differently. */
    async reject(actorId: string, changeId: string, note: string | undefined, now = new Date()): Promise<DiscountRulesResponse> {
      const row = await pendingChange(changeId);
      const rule = dynamicDiscountRuleSchema.parse(row.rule);
      const before = row.before === null ? null : dynamicDiscountRuleSchema.parse(row.before);
      const emails = await db.$transaction(async (tx) => {
        await settle(tx, row.id, { status: 'rejected', decidedById: actorId, decidedAt: now, decisionNote: note ?? null });
        await auditEntry(tx, {
          actorId,
          customerId: null,
          action: 'discount_rule_change_rejected',
          details: { ruleChangeId: row.id, target: { id: row.ruleId }, requestedById: row.requestedById, note: note ?? null },
        });
        return (await secondPerson?.tell(tx, decisionToTell(row, ruleChangeWhat(rule, before), { actorId, decision: 'rejected', note, now }))) ?? [];
      });
      await secondPerson?.dispatch(emails);
      return answer(await storedModel(), actorId, now);
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

      const lastSeasonYear = (await seasonFor(db, today)).year - 1;
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
