import { useMutation } from '@tanstack/react-query';
import { QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE } from '@shared/contracts/protection';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contracts/idempotency-headers';
import { protectionEndpoints } from '@shared/endpoints/protection';
import type { QuoteState } from '@shared/contracts/quote';
import { apiRequest } from '../../../lib/api-client';
import { quotePayload } from '../quote-payload';

export interface ProtectionSubmission {
  quote: QuoteState | null | undefined;
  /** The same key on every retry of one attempt, so a retried submission is stored once. */
  idempotencyKey: string;
}

/**
 * POST /api/protection with the full quote and the attempt's Idempotency-Key; docs/behaviour.md §8:
 * without a quote, nothing is sent. The body is the quote, which the server parses with the
 * submission's own messages, so the call is made with the endpoint's parts rather than typed by a
 * body schema.
 */
export const useSubmitProtection = () =>
  useMutation({
    mutationFn: ({ quote, idempotencyKey }: ProtectionSubmission) => {
      if (quote === null || quote === undefined) return Promise.reject(new Error(QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE));
      const { method, path, response } = protectionEndpoints.submit;
      return apiRequest(method, path, { body: quotePayload(quote), headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, schema: response });
    },
  });
