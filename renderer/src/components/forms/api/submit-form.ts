import { useMutation } from '@tanstack/react-query';
import type { FormSubmissionRequest } from '@shared/contracts/public-site';
import { publicSiteEndpoints } from '@shared/endpoints/public-site';
import { ApiRequestError, callEndpoint } from '../../../lib/api-client';

/** docs/behaviour.md §5 'Contact form' texts, word for word. */
export const FORM_MESSAGES = {
  fallback: 'Failed to submit form. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  sending: 'Sending...',
  sent: 'Message Sent!',
} as const;

/**
 * The text of the error alert for a failed submission. The form-submissions endpoint answers every
 * failure with a sentence in `error` (the data client hands it over as `code`); a machine code
 * such as `internal_error` from elsewhere on the way (a proxy, a security check) is not a sentence
 * a person can act on, so the fallback is shown instead.
 */
export function submissionErrorText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return FORM_MESSAGES.fallback;
  if (error.isNetworkError) return FORM_MESSAGES.network;
  const text = error.code.trim();
  return /\s/.test(text) ? text : FORM_MESSAGES.fallback;
}

/**
 * POST /api/form-submissions (the contact form, register interest); the hidden `website` spam trap
 * is passed through as the form holds it. Nothing on the page reads submissions back.
 */
export const useSubmitForm = () => useMutation({ mutationFn: (body: FormSubmissionRequest) => callEndpoint(publicSiteEndpoints.submitForm, { body }) });
