/** The calls the wizard makes outside the draft store: who is signed in, the account steps, support, a broker's client and saved estimates. */
import { authSessionResponseSchema, userResponseSchema } from '@shared/contracts/accounts';
import { clientAccountSchema } from '@shared/contracts/dashboard';
import { savedEstimateResponseSchema } from '@shared/contracts/quote';
import { supportCustomerDataResponseSchema } from '@shared/contracts/support';
import { apiRequest } from '../../lib/api-client';

export const quoteApi = {
  session: () => apiRequest('GET', '/api/auth/session', { schema: authSessionResponseSchema }),
  account: () => apiRequest('GET', '/api/user', { schema: userResponseSchema }),
  supportCustomer: (customerId: string) =>
    apiRequest('GET', `/api/admin/support/customer-data?customerId=${encodeURIComponent(customerId)}`, { schema: supportCustomerDataResponseSchema }),
  /** The client a broker is quoting for (only their own clients answer). */
  brokerClient: (customerId: string) => apiRequest('GET', `/api/broker/clients/${encodeURIComponent(customerId)}`, { schema: clientAccountSchema }),
  /** SPEC §6: loading an estimate in support mode adds isSupport and customerId; a broker names the client with customerId. */
  savedEstimate: (id: string, actingFor: { customerId: string; isSupport: boolean } | null) => {
    const query = actingFor === null ? '' : `?${actingFor.isSupport ? 'isSupport=true&' : ''}customerId=${encodeURIComponent(actingFor.customerId)}`;
    return apiRequest('GET', `/api/estimates/${encodeURIComponent(id)}${query}`, { schema: savedEstimateResponseSchema });
  },
};
