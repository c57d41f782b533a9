import { type DynamicDiscountRule, type PricingModel, pricingModelSchema } from '../../contracts/pricing';
import type { RiskLevel } from '../../contracts/pricing';

/**
 * One administrator's change to the pricing model, applied to the whole model and re-checked with
 * pricingModelSchema, so a change is refused with the schema's own sentence whenever it would break
 * one of the promises of docs/pricing.md §5 (e.g. the hail and fire package costing more than the
 * two bought apart).
 */

/**
 * The model as stored, before it is checked: the shape an edit needs. A stored model that is already
 * broken can still be edited, and the result is checked whole, so an administrator can repair it.
 */
export interface EditablePricingModel {
  zones: ReadonlyArray<{ code: string }>;
  cropFactors: ReadonlyArray<{ cropType: string }>;
  hurdleOptions: ReadonlyArray<{ percentage: number }>;
  dynamicDiscounts: ReadonlyArray<{ id?: unknown; kind?: unknown }>;
  canolaCap: { cropType?: unknown } | null;
}

export type PricingModelEdit =
  | { kind: 'zoneRates'; code: string; hailRate: number; fireRate: number; bothRate: number; riskLevel?: RiskLevel }
  | { kind: 'cropFactor'; cropType: string; hailFactor: number; fireFactor: number; isActive?: boolean }
  | { kind: 'dynamicDiscount'; rule: DynamicDiscountRule }
  | { kind: 'settings'; maxTotalDiscountRate: number };

export type PricingEditResult = { ok: true; model: PricingModel } | { ok: false; reason: 'not_found' | 'invalid'; message: string };

const notFound = (message: string): PricingEditResult => ({ ok: false, reason: 'not_found', message });

/** The first problem of a candidate model in the schema's words, or null when it is sound. */
export function pricingModelProblem(candidate: unknown): { model: PricingModel; problem: null } | { model: null; problem: string } {
  const parsed = pricingModelSchema.safeParse(candidate);
  if (parsed.success) return { model: parsed.data, problem: null };
  return { model: null, problem: parsed.error.issues[0]?.message ?? 'The pricing model is not valid' };
}

/** The model with the edit applied and checked whole; the version is left to the caller. */
export function applyPricingEdit(model: EditablePricingModel, edit: PricingModelEdit): PricingEditResult {
  let next: EditablePricingModel;
  switch (edit.kind) {
    case 'zoneRates': {
      if (!model.zones.some((zone) => zone.code === edit.code)) return notFound(`There is no agriculture zone with the code ${edit.code}.`);
      const { code, kind: _kind, ...rates } = edit;
      next = { ...model, zones: model.zones.map((zone) => (zone.code === code ? { ...zone, ...rates } : zone)) };
      break;
    }
    case 'cropFactor': {
      if (!model.cropFactors.some((factor) => factor.cropType === edit.cropType)) return notFound(`There is no crop rate factor for ${edit.cropType}.`);
      const { cropType, kind: _kind, ...factors } = edit;
      next = { ...model, cropFactors: model.cropFactors.map((factor) => (factor.cropType === cropType ? { ...factor, ...factors } : factor)) };
      break;
    }
    case 'dynamicDiscount': {
      const existing = model.dynamicDiscounts.find((rule) => rule.id === edit.rule.id);
      if (!existing) return notFound(`There is no discount rule ${edit.rule.id}.`);
      if (existing.kind !== edit.rule.kind) return { ok: false, reason: 'invalid', message: `Discount rule ${edit.rule.id} is a ${existing.kind} discount; its kind cannot change.` };
      next = { ...model, dynamicDiscounts: model.dynamicDiscounts.map((rule) => (rule.id === edit.rule.id ? edit.rule : rule)) };
      break;
    }
    case 'settings': {
      const { kind: _kind, ...figures } = edit;
      next = { ...model, ...figures };
      break;
    }
  }
  const checked = pricingModelProblem(next);
  return checked.model ? { ok: true, model: checked.model } : { ok: false, reason: 'invalid', message: checked.problem };
}

/** The version a changed model is stored under: 'admin-' and the UTC time to the millisecond, so every figure traces to it. */
export function nextModelVersion(at: Date): string {
  return `admin-${at.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').replace('Z', '')}`;
}
