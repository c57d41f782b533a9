/**
 * /admin/calculator-settings (docs/calculator-settings.md): administrators read and change the
 * figures behind the quote calculator. Every change answers the whole settings view again. Each
 * route is an endpoint of the table (shared/endpoints/calculator-settings.ts).
 */
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import type { AppContext } from '../../context';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { calculatorSettingsService } from './calculator-settings.service';

export function calculatorSettingsRouter(context: AppContext) {
  const settings = calculatorSettingsService(context.db);
  const { router, serve } = endpointRouter(context);

  serve(endpoints.settings)({
    handle: async (_req, res) => {
      res.set('Cache-Control', 'no-store');
      return settings.current();
    },
  });

  serve(endpoints.saveHurdleConfig)({ handle: (req, _res, { params, body }) => settings.saveHurdleConfig(signedInUser(req).id, params.cropType, body) });

  serve(endpoints.saveHurdleOption)({ handle: (req, _res, { params, body }) => settings.saveHurdleOption(signedInUser(req).id, params.percentage, body) });

  serve(endpoints.addHurdleOption)({ handle: (req, _res, { body }) => settings.addHurdleOption(signedInUser(req).id, body) });

  serve(endpoints.saveAreaLimit)({ handle: (req, _res, { params, body }) => settings.saveAreaLimit(signedInUser(req).id, params.id, body) });

  serve(endpoints.addAreaLimit)({ handle: (req, _res, { body }) => settings.addAreaLimit(signedInUser(req).id, body) });

  serve(endpoints.saveDiscountFactor)({ handle: (req, _res, { params, body }) => settings.saveDiscountFactor(signedInUser(req).id, params.id, body) });

  serve(endpoints.saveCrop)({ handle: (req, _res, { params, body }) => settings.saveCrop(signedInUser(req).id, params.cropType, body) });

  serve(endpoints.addCrop)({ handle: (req, _res, { body }) => settings.addCrop(signedInUser(req).id, body) });

  serve(endpoints.addVariety)({ handle: (req, _res, { params, body }) => settings.addVariety(signedInUser(req).id, params.cropType, body.name) });

  serve(endpoints.saveVariety)({ handle: (req, _res, { params, body }) => settings.saveVariety(signedInUser(req).id, params.cropType, params.variety, body.isActive) });

  serve(endpoints.saveFigures)({ handle: (req, _res, { body }) => settings.saveFigures(signedInUser(req).id, body) });

  return router;
}
