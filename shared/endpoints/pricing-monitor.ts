/** The pricing monitor (/admin/pricing-monitor, docs/calculator-settings.md 'Pricing monitor'): administrators only. */
import { pricingMonitorQuerySchema, pricingMonitorResponseSchema } from '../contracts/pricing-monitor';
import { endpoint } from './endpoint';

export const pricingMonitorEndpoints = {
  figures: endpoint({
    method: 'GET',
    path: '/api/admin/pricing-monitor',
    access: 'administrator',
    query: pricingMonitorQuerySchema,
    response: pricingMonitorResponseSchema,
    summary: 'The pricing runs of a range of Perth days, summed up: `from`, `to` (at most 180 days; the last 28 by default), `zone`, `coverageType`.',
  }),
};
