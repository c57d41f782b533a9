import { savedEstimateResponseSchema } from '@shared/contracts/quote';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/estimates/{id}. SPEC §6: in support mode it adds isSupport and customerId; a broker names the client with customerId. */
export function getSavedEstimate(id: string, actingFor: { customerId: string; isSupport: boolean } | null) {
  const query = actingFor === null ? '' : `?${actingFor.isSupport ? 'isSupport=true&' : ''}customerId=${encodeURIComponent(actingFor.customerId)}`;
  return apiRequest('GET', `/api/estimates/${encodeURIComponent(id)}${query}`, { schema: savedEstimateResponseSchema });
}
