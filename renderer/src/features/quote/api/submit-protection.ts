import { IDEMPOTENCY_KEY_HEADER, protectionSubmissionResponseSchema, QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE } from '@shared/contracts/protection';
import type { QuoteState } from '@shared/contracts/quote';
import { apiRequest } from '../../../lib/api-client';
import { quotePayload } from './quote-payload';

/**
 * POST /api/protection with the full quote and the attempt's Idempotency-Key (the same key on every
 * retry of one attempt); SPEC §8: without a quote, nothing is sent.
 */
export function submitProtection(quote: QuoteState | null | undefined, idempotencyKey: string) {
  if (quote === null || quote === undefined) return Promise.reject(new Error(QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE));
  return apiRequest('POST', '/api/protection', { body: quotePayload(quote), headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, schema: protectionSubmissionResponseSchema });
}
