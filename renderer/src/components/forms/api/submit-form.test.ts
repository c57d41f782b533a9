import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { FORM_MESSAGES, submissionErrorText } from './submit-form';

describe('submissionErrorText (docs/behaviour.md §5)', () => {
  it('shows the server sentence', () => {
    expect(submissionErrorText(new ApiRequestError(400, 'Please enter your email address.', 'Please enter your email address.'))).toBe('Please enter your email address.');
  });
  it('shows the network text for a network failure', () => {
    expect(submissionErrorText(new ApiRequestError(0, 'network_error', 'x'))).toBe('Network error. Please check your connection and try again.');
  });
  it('falls back when the server sent no sentence', () => {
    expect(submissionErrorText(new ApiRequestError(502, 'http_error', 'The server answered 502.'))).toBe(FORM_MESSAGES.fallback);
    expect(submissionErrorText(new ApiRequestError(500, 'internal_error', 'Something went wrong.'))).toBe('Failed to submit form. Please try again.');
    expect(submissionErrorText(new Error('x'))).toBe(FORM_MESSAGES.fallback);
  });
});
