/**
 * The calls of the pricing steps (SPEC §7 'Crop and pricing data', 'Estimates and submission',
 * 'Fire risk survey'): each answer is checked with the shared contract the server answers with.
 */
import { pricingCalculateResponseSchema, type PricingCalculateRequestInput } from '@shared/contracts/pricing';
import {
  callbackResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  protectionSubmissionResponseSchema,
  QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE,
  saveEstimateResponseSchema,
  type CallbackRequest,
} from '@shared/contracts/protection';
import { fireRiskSurveyStatusSchema, type FireRiskSurveySubmission } from '@shared/contracts/fire-risk-survey';
import type { QuoteState } from '@shared/contracts/quote';
import { apiRequest } from '../../lib/api-client';

/** The quote as it is sent to the server: the state without the client-only parts and any password. */
export function quotePayload(quote: QuoteState): QuoteState {
  const { loading: _loading, errors: _errors, ...rest } = quote;
  const { password: _password, confirmPassword: _confirm, ...personalDetails } = rest.personalDetails;
  return { ...rest, personalDetails };
}

export const pricingApi = {
  /** customerId: the member priced for when acting for them (support mode, their broker), so their history counts. */
  calculate: (body: PricingCalculateRequestInput, customerId: string | null = null) =>
    apiRequest('POST', customerId === null ? '/api/pricing/calculate' : `/api/pricing/calculate?customerId=${encodeURIComponent(customerId)}`, { body, schema: pricingCalculateResponseSchema }),

  saveEstimate: (quote: QuoteState) => apiRequest('POST', '/api/estimates', { body: { quoteData: quotePayload(quote) }, schema: saveEstimateResponseSchema }),

  /** Where the PDF quote of a saved estimate is downloaded from (a plain GET with the session cookie). */
  estimatePdfPath: (savedEstimateId: string) => `/api/estimates/${encodeURIComponent(savedEstimateId)}/pdf`,

  /**
   * POST /api/protection with the full quote and the attempt's Idempotency-Key (the same key on every
   * retry of one attempt); SPEC §8: without a quote, nothing is sent.
   */
  submit: (quote: QuoteState | null | undefined, idempotencyKey: string) => {
    if (quote === null || quote === undefined) return Promise.reject(new Error(QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE));
    return apiRequest('POST', '/api/protection', { body: quotePayload(quote), headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, schema: protectionSubmissionResponseSchema });
  },

  requestCallback: (body: CallbackRequest) => apiRequest('POST', '/api/callbacks/request', { body, schema: callbackResponseSchema }),

  surveyStatus: (userId: string | null) =>
    apiRequest('GET', userId === null ? '/api/user/fire-risk-survey' : `/api/user/fire-risk-survey?userId=${encodeURIComponent(userId)}`, { schema: fireRiskSurveyStatusSchema }),

  submitSurvey: (submission: FireRiskSurveySubmission) => apiRequest('POST', '/api/user/fire-risk-survey', { body: submission, schema: fireRiskSurveyStatusSchema }),
};
