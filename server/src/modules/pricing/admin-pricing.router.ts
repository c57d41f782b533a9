/**
 * The administrators' pricing screens: zone rates, crop factors and the discount cap (docs/pricing.md
 * §7; the discount rules are edited in the discounts module, hurdles, the canola cap and the minimum
 * premium in the calculator settings). Every change is
 * applied to the whole stored model and checked with pricingModelSchema before it is written
 * (refused with the schema's sentence otherwise), stored under a new model version, recorded in
 * the audit log, and takes effect at once: the pricing model cache is invalidated.
 */
import { Router } from 'express';
import {
  adminCropFactorInputSchema,
  adminPricingSettingsInputSchema,
  adminZoneRatesInputSchema,
  type AdminPricingModelResponse,
  cropFactorParamsSchema,
  zoneCodeParamsSchema,
} from '@shared/contracts/admin-pricing';
import { pricingModelProblem } from '@shared/domain/pricing/model-edit';
import type { AppContext } from '../../context';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { changePricingModel } from './admin-pricing.service';
import { readPricingModel } from './pricing-model.repository';

export function adminPricingRouter({ db }: AppContext): Router {
  const router = Router();

  async function currentModel(): Promise<AdminPricingModelResponse> {
    const { candidate } = await readPricingModel(db);
    return { success: true, ...pricingModelProblem(candidate) };
  }

  router.get('/admin/pricing', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await currentModel());
  });

  const adminZoneRatesInput = validate({ params: zoneCodeParamsSchema, body: adminZoneRatesInputSchema });
  router.put('/admin/pricing/zones/:code', requireAdmin, adminZoneRatesInput, async (req, res) => {
    const { params, body: rates } = adminZoneRatesInput.input(req);
    res.json(await changePricingModel(db, signedInUser(req), { kind: 'zoneRates', code: params.code, ...rates }));
  });

  const adminCropFactorInput = validate({ params: cropFactorParamsSchema, body: adminCropFactorInputSchema });
  router.put('/admin/pricing/crop-factors/:cropType', requireAdmin, adminCropFactorInput, async (req, res) => {
    const { params, body: factors } = adminCropFactorInput.input(req);
    res.json(await changePricingModel(db, signedInUser(req), { kind: 'cropFactor', cropType: params.cropType, ...factors }));
  });

  const adminPricingSettingsInput = validate({ body: adminPricingSettingsInputSchema });
  router.put('/admin/pricing/settings', requireAdmin, adminPricingSettingsInput, async (req, res) => {
    const settings = adminPricingSettingsInput.input(req).body;
    res.json(await changePricingModel(db, signedInUser(req), { kind: 'settings', ...settings }));
  });

  return router;
}
