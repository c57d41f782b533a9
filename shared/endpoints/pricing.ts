/**
 * Farm risk zones, crop data and the premium (docs/behaviour.md §7 'Crop and pricing data'), open to
 * anyone because a visitor needs them to get a quote; and the administrators' pricing screens
 * (docs/pricing.md §7).
 */
import {
  adminCropFactorInputSchema,
  adminPricingModelResponseSchema,
  adminPricingSettingsInputSchema,
  adminZoneRatesInputSchema,
  cropFactorParamsSchema,
  zoneCodeParamsSchema,
} from '../contracts/admin-pricing';
import { pricingCalculateQuerySchema, pricingCalculateResponseSchema } from '../contracts/pricing';
import {
  agricultureZoneListSchema,
  agricultureZoneSchema,
  cropConfigsResponseSchema,
  cropTypeParamsSchema,
  discountFactorsResponseSchema,
  hurdleOptionsResponseSchema,
  hurdlesQuerySchema,
  insurableCropsResponseSchema,
  varietiesResponseSchema,
  zoneLookupQuerySchema,
} from '../contracts/protection';
import { endpoint } from './endpoint';

export const pricingEndpoints = {
  zones: endpoint({ method: 'GET', path: '/api/agriculture-zones', access: 'everyone', response: agricultureZoneListSchema, summary: 'The risk zones with their rates and outlines.' }),
  zoneAt: endpoint({
    method: 'GET',
    path: '/api/agriculture-zones/lookup',
    access: 'everyone',
    query: zoneLookupQuerySchema,
    response: agricultureZoneSchema,
    summary: 'The zone a point (`lat`, `lng`) lies in; 404 outside the grain belt.',
  }),
  cropConfigs: endpoint({
    method: 'GET',
    path: '/api/crop-configs',
    access: 'everyone',
    response: cropConfigsResponseSchema,
    summary: 'Each crop’s hurdle settings and the active area limits.',
  }),
  insurableCrops: endpoint({ method: 'GET', path: '/api/insurable-crops', access: 'everyone', response: insurableCropsResponseSchema, summary: 'The crops the mutual protects.' }),
  discountFactors: endpoint({
    method: 'GET',
    path: '/api/pricing/discount-factors',
    access: 'everyone',
    response: discountFactorsResponseSchema,
    summary: 'The active discount factors.',
  }),
  hurdles: endpoint({
    method: 'GET',
    path: '/api/hurdles',
    access: 'everyone',
    query: hurdlesQuerySchema,
    response: hurdleOptionsResponseSchema,
    summary: 'The hurdle options, for a crop (`crop_type`, 404 for one not offered) from its minimum, with its default marked.',
  }),
  varieties: endpoint({
    method: 'GET',
    path: '/api/admin/crops/:cropType/varieties',
    access: 'everyone',
    params: cropTypeParamsSchema,
    response: varietiesResponseSchema,
    summary: 'A crop’s varieties: under /admin by docs/behaviour.md §7 but read by the quote, so anyone may read it.',
  }),
  /** The body is parsed by the pricing rules' own parser (parsePricingRequest), whose refusals name the field in the wizard's words. */
  calculate: endpoint({
    method: 'POST',
    path: '/api/pricing/calculate',
    access: 'everyone',
    query: pricingCalculateQuerySchema,
    response: pricingCalculateResponseSchema,
    summary:
      'Prices a quote (body: the pricing request); anyone may, limited per address or per account. `customerId`: the member someone acts for (their broker, a support session; 401 for a visitor, 403 for anyone else), whose history counts for the multi-year discount.',
  }),
  pricingModel: endpoint({
    method: 'GET',
    path: '/api/admin/pricing',
    access: 'administrator',
    response: adminPricingModelResponseSchema,
    summary: 'The pricing model as stored, or why it cannot be used.',
  }),
  zoneRates: endpoint({
    method: 'PUT',
    path: '/api/admin/pricing/zones/:code',
    access: 'administrator',
    params: zoneCodeParamsSchema,
    body: adminZoneRatesInputSchema,
    response: adminPricingModelResponseSchema,
    summary: 'A zone’s rates and risk level; the whole model is checked, versioned, audited and in use at once.',
  }),
  cropFactor: endpoint({
    method: 'PUT',
    path: '/api/admin/pricing/crop-factors/:cropType',
    access: 'administrator',
    params: cropFactorParamsSchema,
    body: adminCropFactorInputSchema,
    response: adminPricingModelResponseSchema,
    summary: 'A crop’s factors; checked, versioned, audited and in use at once.',
  }),
  settings: endpoint({
    method: 'PUT',
    path: '/api/admin/pricing/settings',
    access: 'administrator',
    body: adminPricingSettingsInputSchema,
    response: adminPricingModelResponseSchema,
    summary: 'The discount cap; checked, versioned, audited and in use at once.',
  }),
};
