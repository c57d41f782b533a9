/** The calls the wizard makes outside the draft store: who is signed in, the account steps, support, a broker's client and saved estimates. */
import {
  authSessionResponseSchema,
  emailVerificationSendResponseSchema,
  emailVerificationVerifyResponseSchema,
  userResponseSchema,
  type RegisterRequest,
} from '@shared/contracts/accounts';
import { clientAccountSchema } from '@shared/contracts/dashboard';
import { savedEstimateResponseSchema } from '@shared/contracts/quote';
import { supportCustomerDataResponseSchema } from '@shared/contracts/support';
import { apiRequest } from '../../lib/api-client';

const registerResponseSchema = userResponseSchema;

export const quoteApi = {
  session: () => apiRequest('GET', '/api/auth/session', { schema: authSessionResponseSchema }),
  account: () => apiRequest('GET', '/api/user', { schema: userResponseSchema }),
  updateAddress: (address: string) => apiRequest('PUT', '/api/user', { body: { address }, schema: userResponseSchema }),
  sendCode: (body: { email: string; firstName: string; lastName: string }) =>
    apiRequest('POST', '/api/auth/email-verification/send', { body, schema: emailVerificationSendResponseSchema }),
  verifyCode: (body: { email: string; code: string }) =>
    apiRequest('POST', '/api/auth/email-verification/verify', { body, schema: emailVerificationVerifyResponseSchema }),
  register: (body: RegisterRequest) => apiRequest('POST', '/api/auth/register', { body, schema: registerResponseSchema }),
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
