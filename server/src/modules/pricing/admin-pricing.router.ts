/**
 * The administrators' pricing screens: zone rates, crop factors and the discount cap (docs/pricing.md
 * §7; the discount rules are edited in the discounts module, hurdles, the canola cap and the minimum
 * premium in the calculator settings). Every change is
 * applied to the whole stored model and checked with pricingModelSchema before it is written
 * (refused with the schema's sentence otherwise), stored under a new model version, recorded in
 * the audit log, and takes effect at once: the pricing model cache is invalidated.
 */
import { type Request, Router } from 'express';
import {
  adminCropFactorInputSchema,
  adminPricingSettingsInputSchema,
  adminZoneRatesInputSchema,
  type AdminPricingModelResponse,
  cropFactorParamsSchema,
  zoneCodeParamsSchema,
} from '@shared/contracts/admin-pricing';
import { applyPricingEdit, nextModelVersion, pricingModelProblem, type PricingModelEdit } from '@shared/domain/pricing/model-edit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { auditEntry } from '../../lib/audit-log';
import { badRequest, notFound } from '../../lib/app-error';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
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

export function adminPricingRouter({ db }: AppContext): Router {
  const cache = pricingModelCache(db);
  const router = Router();

  async function currentModel(): Promise<AdminPricingModelResponse> {
    const { candidate } = await readPricingModel(db);
    return { success: true, ...pricingModelProblem(candidate) };
  }

  async function change(req: Request, edit: PricingScreenEdit): Promise<AdminPricingModelResponse> {
    const { candidate } = await readPricingModel(db);
    const result = applyPricingEdit(candidate, edit);
    if (!result.ok) throw result.reason === 'not_found' ? notFound(result.message, 'pricing_item_not_found') : badRequest(result.message, 'pricing_model_invalid');
    const version = nextModelVersion(new Date());
    const { kind, ...target } = edit;
    await db.$transaction([
      rowWrites(db, edit),
      db.pricingSettings.update({ where: { id: PRICING_SETTINGS_ID }, data: { version } }),
      auditEntry(db, {
        actorId: signedInUser(req).id,
        customerId: null,
        action: 'pricing_model_changed',
        details: { change: kind, target, before: changedPart(candidate, edit), after: changedPart(result.model, edit), previousVersion: candidate.version, version },
      }),
    ]);
    cache.invalidate();
    return { success: true, model: { ...result.model, version }, problem: null };
  }

  router.get('/admin/pricing', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await currentModel());
  });

  const adminZoneRatesInput = validate({ params: zoneCodeParamsSchema, body: adminZoneRatesInputSchema });
  router.put('/admin/pricing/zones/:code', requireAdmin, adminZoneRatesInput, async (req, res) => {
    const { params, body: rates } = adminZoneRatesInput.input(req);
    res.json(await change(req, { kind: 'zoneRates', code: params.code, ...rates }));
  });

  const adminCropFactorInput = validate({ params: cropFactorParamsSchema, body: adminCropFactorInputSchema });
  router.put('/admin/pricing/crop-factors/:cropType', requireAdmin, adminCropFactorInput, async (req, res) => {
    const { params, body: factors } = adminCropFactorInput.input(req);
    res.json(await change(req, { kind: 'cropFactor', cropType: params.cropType, ...factors }));
  });

  const adminPricingSettingsInput = validate({ body: adminPricingSettingsInputSchema });
  router.put('/admin/pricing/settings', requireAdmin, adminPricingSettingsInput, async (req, res) => {
    const settings = adminPricingSettingsInput.input(req).body;
    res.json(await change(req, { kind: 'settings', ...settings }));
  });

  return router;
}
