/**
 * /admin/calculator-settings (docs/calculator-settings.md): administrators read and change the
 * figures behind the quote calculator. Every change answers the whole settings view again.
 */
import { Router } from 'express';
import {
  areaLimitInputSchema,
  calculatorFiguresInputSchema,
  cropTypeParamSchema,
  discountFactorInputSchema,
  hurdleConfigInputSchema,
  hurdleOptionInputSchema,
  hurdlePercentageParamsSchema,
  insurableCropInputSchema,
  newCropInputSchema,
  newHurdleOptionInputSchema,
  newVarietyInputSchema,
  settingIdParamsSchema,
  varietyInputSchema,
  varietyParamsSchema,
} from '@shared/contracts/calculator-settings';
import type { AppContext } from '../../context';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { calculatorSettingsService } from './calculator-settings.service';

const BASE = '/admin/calculator-settings';

export function calculatorSettingsRouter({ db }: AppContext): Router {
  const settings = calculatorSettingsService(db);
  const router = Router();

  router.get(BASE, requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await settings.current());
  });

  const hurdleConfig = validate({ params: cropTypeParamSchema, body: hurdleConfigInputSchema });
  router.put(`${BASE}/hurdle-configs/:cropType`, requireAdmin, hurdleConfig, async (req, res) => {
    const { params, body } = hurdleConfig.input(req);
    res.json(await settings.saveHurdleConfig(signedInUser(req).id, params.cropType, body));
  });

  const hurdleOption = validate({ params: hurdlePercentageParamsSchema, body: hurdleOptionInputSchema });
  router.put(`${BASE}/hurdle-options/:percentage`, requireAdmin, hurdleOption, async (req, res) => {
    const { params, body } = hurdleOption.input(req);
    res.json(await settings.saveHurdleOption(signedInUser(req).id, params.percentage, body));
  });

  const newHurdleOption = validate({ body: newHurdleOptionInputSchema });
  router.post(`${BASE}/hurdle-options`, requireAdmin, newHurdleOption, async (req, res) => {
    res.status(201).json(await settings.addHurdleOption(signedInUser(req).id, newHurdleOption.input(req).body));
  });

  const areaLimit = validate({ params: settingIdParamsSchema, body: areaLimitInputSchema });
  router.put(`${BASE}/area-limits/:id`, requireAdmin, areaLimit, async (req, res) => {
    const { params, body } = areaLimit.input(req);
    res.json(await settings.saveAreaLimit(signedInUser(req).id, params.id, body));
  });

  const newAreaLimit = validate({ body: areaLimitInputSchema });
  router.post(`${BASE}/area-limits`, requireAdmin, newAreaLimit, async (req, res) => {
    res.status(201).json(await settings.addAreaLimit(signedInUser(req).id, newAreaLimit.input(req).body));
  });

  const discountFactor = validate({ params: settingIdParamsSchema, body: discountFactorInputSchema });
  router.put(`${BASE}/discount-factors/:id`, requireAdmin, discountFactor, async (req, res) => {
    const { params, body } = discountFactor.input(req);
    res.json(await settings.saveDiscountFactor(signedInUser(req).id, params.id, body));
  });

  const crop = validate({ params: cropTypeParamSchema, body: insurableCropInputSchema });
  router.put(`${BASE}/crops/:cropType`, requireAdmin, crop, async (req, res) => {
    const { params, body } = crop.input(req);
    res.json(await settings.saveCrop(signedInUser(req).id, params.cropType, body));
  });

  const newCrop = validate({ body: newCropInputSchema });
  router.post(`${BASE}/crops`, requireAdmin, newCrop, async (req, res) => {
    res.status(201).json(await settings.addCrop(signedInUser(req).id, newCrop.input(req).body));
  });

  const newVariety = validate({ params: cropTypeParamSchema, body: newVarietyInputSchema });
  router.post(`${BASE}/crops/:cropType/varieties`, requireAdmin, newVariety, async (req, res) => {
    const { params, body } = newVariety.input(req);
    res.status(201).json(await settings.addVariety(signedInUser(req).id, params.cropType, body.name));
  });

  const variety = validate({ params: varietyParamsSchema, body: varietyInputSchema });
  router.put(`${BASE}/crops/:cropType/varieties/:variety`, requireAdmin, variety, async (req, res) => {
    const { params, body } = variety.input(req);
    res.json(await settings.saveVariety(signedInUser(req).id, params.cropType, params.variety, body.isActive));
  });

  const figures = validate({ body: calculatorFiguresInputSchema });
  router.put(`${BASE}/figures`, requireAdmin, figures, async (req, res) => {
    res.json(await settings.saveFigures(signedInUser(req).id, figures.input(req).body));
  });

  return router;
}
