/**
 * The command of the administrators' pricing screens (docs/pricing.md §7): an edit applied to the
 * whole stored model and checked before it is written, stored under a new model version with its
 * audit entry in one transaction, and in effect at once.
 */
import type { AdminPricingModelResponse } from '@shared/contracts/admin-pricing';
import { applyPricingEdit, nextModelVersion, type PricingModelEdit } from '@shared/domain/pricing/model-edit';
import type { Database } from '../../db/client';
import { auditEntry } from '../../lib/audit-log';
import { badRequest, notFound } from '../../lib/app-error';
import { PRICING_SETTINGS_ID, pricingModelCache, readPricingModel } from './pricing-model.repository';

/** The edits of this screen; a discount rule is changed by the discounts module. */
type PricingScreenEdit = Exclude<PricingModelEdit, { kind: 'dynamicDiscount' }>;

/** The row writes of an accepted edit (the model version is written beside them). */
function rowWrites(db: Database, edit: PricingScreenEdit) {
  switch (edit.kind) {
    case 'zoneRates': {
      const { code, hailRate, fireRate, bothRate, riskLevel } = edit;
      return db.agricultureZone.update({ where: { code }, data: { hailRate, fireRate, bothRate, ...(riskLevel ? { riskLevel } : {}) } });
    }
    case 'cropFactor': {
      const { cropType, hailFactor, fireFactor, isActive } = edit;
      return db.cropRateFactor.update({ where: { cropType }, data: { hailFactor, fireFactor, ...(isActive === undefined ? {} : { isActive }) } });
    }
    case 'settings':
      return db.pricingSettings.update({ where: { id: PRICING_SETTINGS_ID }, data: { maxTotalDiscountRate: edit.maxTotalDiscountRate } });
  }
}

/** What the edit changed, before and after, for the audit log. */
function changedPart(model: { zones: unknown[]; cropFactors: unknown[] } & Record<string, unknown>, edit: PricingScreenEdit): unknown {
  const find = (list: unknown[], key: string, value: unknown) => list.find((item) => (item as Record<string, unknown>)[key] === value) ?? null;
  switch (edit.kind) {
    case 'zoneRates':
      return find(model.zones, 'code', edit.code);
    case 'cropFactor':
      return find(model.cropFactors, 'cropType', edit.cropType);
    case 'settings':
      return { maxTotalDiscountRate: model['maxTotalDiscountRate'] };
  }
}

/**
 * Applies the edit to the stored model (404 for a zone or crop that is not there, 400 with the
 * schema's sentence for a model that would not pass), writes it with the new version and the audit
 * entry together, and drops the cached model; answers the model as it now is.
 */
export async function changePricingModel(db: Database, actor: { id: string }, edit: PricingScreenEdit): Promise<AdminPricingModelResponse> {
  const { candidate } = await readPricingModel(db);
  const result = applyPricingEdit(candidate, edit);
  if (!result.ok) throw result.reason === 'not_found' ? notFound(result.message, 'pricing_item_not_found') : badRequest(result.message, 'pricing_model_invalid');
  const version = nextModelVersion(new Date());
  const { kind, ...target } = edit;
  await db.$transaction([
    rowWrites(db, edit),
    db.pricingSettings.update({ where: { id: PRICING_SETTINGS_ID }, data: { version } }),
    auditEntry(db, {
      actorId: actor.id,
      customerId: null,
      action: 'pricing_model_changed',
      details: { change: kind, target, before: changedPart(candidate, edit), after: changedPart(result.model, edit), previousVersion: candidate.version, version },
    }),
  ]);
  pricingModelCache(db).invalidate();
  return { success: true, model: { ...result.model, version }, problem: null };
}
