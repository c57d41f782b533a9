/** The calls the wizard makes outside the draft store: who is signed in, the account steps, support and saved estimates. */
import {
  authSessionResponseSchema,
  emailVerificationSendResponseSchema,
  emailVerificationVerifyResponseSchema,
  userResponseSchema,
  type RegisterRequest,
} from '@shared/contracts/accounts';
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
  /** SPEC §6: loading an estimate in support mode adds isSupport and customerId. */
  savedEstimate: (id: string, supportCustomerId: string | null) => {
    const query = supportCustomerId === null ? '' : `?isSupport=true&customerId=${encodeURIComponent(supportCustomerId)}`;
    return apiRequest('GET', `/api/estimates/${encodeURIComponent(id)}${query}`, { schema: savedEstimateResponseSchema });
  },
};
