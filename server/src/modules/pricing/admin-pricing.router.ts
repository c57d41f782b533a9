/**
 * The administrators' pricing screens: zone rates, crop factors and the discount cap (docs/pricing.md
 * §7; the discount rules are edited in the discounts module, hurdles, the canola cap and the minimum
 * premium in the calculator settings). Every change is
 * applied to the whole stored model and checked with pricingModelSchema before it is written
 * (refused with the schema's sentence otherwise), stored under a new model version, recorded in
 * the audit log, and takes effect at once: the pricing model cache is invalidated.
 */
import type { AdminPricingModelResponse } from '@shared/contracts/admin-pricing';
import { pricingModelProblem } from '@shared/domain/pricing/model-edit';
import { pricingEndpoints as endpoints } from '@shared/endpoints/pricing';
import type { AppContext } from '../../context';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { changePricingModel } from './admin-pricing.service';
import { readPricingModel } from './pricing-model.repository';

export function adminPricingRouter(context: AppContext) {
  const { db } = context;
  const { router, serve } = endpointRouter(context);

  async function currentModel(): Promise<AdminPricingModelResponse> {
    const { candidate } = await readPricingModel(db);
    return { success: true, ...pricingModelProblem(candidate) };
  }

  serve(endpoints.pricingModel)({
    handle: async (_req, res) => {
      res.set('Cache-Control', 'no-store');
      return currentModel();
    },
  });

  serve(endpoints.zoneRates)({
    handle: async (req, _res, { params, body: rates }) => changePricingModel(db, signedInUser(req), { kind: 'zoneRates', code: params.code, ...rates }),
  });

  serve(endpoints.cropFactor)({
    handle: async (req, _res, { params, body: factors }) => changePricingModel(db, signedInUser(req), { kind: 'cropFactor', cropType: params.cropType, ...factors }),
  });

  serve(endpoints.settings)({ handle: async (req, _res, { body: settings }) => changePricingModel(db, signedInUser(req), { kind: 'settings', ...settings }) });

  return router;
}
