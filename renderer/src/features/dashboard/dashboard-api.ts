/**
 * The dashboard's calls, each through the one data client (lib/api-client.ts) and checked against
 * the shared response schema. `memberId` is the client a broker (or staff) is looking at; absent,
 * the signed-in member's own records.
 */
import { z } from 'zod';
import { accountUserSchema, type UpdateProfileRequest, userResponseSchema, successResponseSchema } from '@shared/contracts/accounts';
import {
  claimListSchema,
  claimResponseSchema,
  clientListSchema,
  emailPreferencesSchema,
  type EmailPreferences,
  farmSchema,
  type FarmPaddockInput,
  invoiceListSchema,
  invoiceSchema,
  overviewSchema,
  protectionListSchema,
  seasonReportSchema,
  sessionListSchema,
} from '@shared/contracts/dashboard';
import type { PaymentOption } from '@shared/domain/dashboard/payment-plan';
import { apiRequest } from '../../lib/api-client';

const scoped = (path: string, memberId: string | undefined, extra: Record<string, string | undefined> = {}) => {
  const params = new URLSearchParams();
  if (memberId) params.set('memberId', memberId);
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

export const dashboardApi = {
  overview: (memberId?: string) => apiRequest('GET', scoped('/api/dashboard/overview', memberId), { schema: overviewSchema }),
  protections: (memberId?: string) => apiRequest('GET', scoped('/api/dashboard/protections', memberId), { schema: protectionListSchema }),
  claims: (memberId?: string) => apiRequest('GET', scoped('/api/claims', memberId), { schema: claimListSchema }),
  claimMessage: (claimId: string, body: string) => apiRequest('POST', `/api/claims/${claimId}/messages`, { body: { body }, schema: claimResponseSchema }),
  invoices: (memberId?: string) => apiRequest('GET', scoped('/api/invoices', memberId), { schema: invoiceListSchema }),
  setPaymentOption: (invoiceId: string, paymentOption: PaymentOption) =>
    apiRequest('PUT', `/api/invoices/${invoiceId}/payment-option`, { body: { paymentOption }, schema: z.object({ invoice: invoiceSchema }) }),
  farm: (memberId?: string) => apiRequest('GET', scoped('/api/farm/paddocks', memberId), { schema: farmSchema }),
  saveFarm: (paddocks: FarmPaddockInput[], memberId?: string) => apiRequest('PUT', scoped('/api/farm/paddocks', memberId), { body: { paddocks }, schema: farmSchema }),
  report: (memberId?: string, season?: string) => apiRequest('GET', scoped('/api/reports/season', memberId, { season }), { schema: seasonReportSchema }),
  reportCsvUrl: (memberId?: string, season?: string) => scoped('/api/reports/season.csv', memberId, { season }),
  clients: () => apiRequest('GET', '/api/broker/clients', { schema: clientListSchema }),
  account: () => apiRequest('GET', '/api/user', { schema: userResponseSchema }),
  updateProfile: (changes: UpdateProfileRequest) => apiRequest('PUT', '/api/user', { body: changes, schema: userResponseSchema.extend({ message: z.string().optional() }) }),
  confirmEmail: (code: string) => apiRequest('POST', '/api/user/email/confirm', { body: { code }, schema: z.object({ success: z.literal(true), user: accountUserSchema }) }),
  changePassword: (currentPassword: string, newPassword: string) => apiRequest('PUT', '/api/user/password', { body: { currentPassword, newPassword }, schema: successResponseSchema }),
  preferences: () => apiRequest('GET', '/api/user/preferences', { schema: z.object({ preferences: emailPreferencesSchema }) }),
  savePreferences: (changes: Partial<EmailPreferences>) => apiRequest('PUT', '/api/user/preferences', { body: changes, schema: z.object({ preferences: emailPreferencesSchema }) }),
  sessions: () => apiRequest('GET', '/api/user/sessions', { schema: sessionListSchema }),
  endSession: (id: string) => apiRequest('DELETE', `/api/user/sessions/${id}`),
  endOtherSessions: () => apiRequest('DELETE', '/api/user/sessions', { schema: z.object({ ended: z.number() }) }),
};

/** Multipart uploads (claims with photos), through the one data client like every other call. */
const postForm = <S extends z.ZodType>(path: string, form: FormData, schema: S) => apiRequest('POST', path, { form, schema, tooLargeMessage: 'That upload is too large.' });

export const lodgeClaim = (form: FormData, memberId?: string) => postForm(scoped('/api/claims', memberId), form, claimResponseSchema);
export const addClaimPhotos = (claimId: string, form: FormData) => postForm(`/api/claims/${claimId}/photos`, form, claimResponseSchema);
