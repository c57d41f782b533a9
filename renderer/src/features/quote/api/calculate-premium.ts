import { pricingCalculateResponseSchema, type PricingCalculateRequestInput } from '@shared/contracts/pricing';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/pricing/calculate for one coverage type. customerId: the member priced for when acting
 * for them (support mode, their broker), so their history counts. The estimate step runs several
 * of these together and keeps the figures in the quote store (SPEC §8 partial results).
 */
export const calculatePremium = (body: PricingCalculateRequestInput, customerId: string | null = null) =>
  apiRequest('POST', customerId === null ? '/api/pricing/calculate' : `/api/pricing/calculate?customerId=${encodeURIComponent(customerId)}`, { body, schema: pricingCalculateResponseSchema });
