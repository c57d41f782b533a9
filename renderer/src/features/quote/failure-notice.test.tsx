// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CALLBACK_FAILED_MESSAGE } from '@shared/contracts/protection';
import { SURVEY_SUBMIT_FAILED_MESSAGE } from '@shared/contracts/fire-risk-survey';
import { ApiRequestError } from '../../lib/api-client';
import { FailureNotice } from './failure-notice';

afterEach(cleanup);

const shown = () => [...screen.getByRole('alert').querySelectorAll('p')].map((line) => line.textContent);

describe('a failed callback request or survey (docs/behaviour.md §8 texts)', () => {
  it('says the spec’s words exactly when the network failed', () => {
    render(<FailureNotice message={CALLBACK_FAILED_MESSAGE} failure={new ApiRequestError(0, 'network_error', 'Could not reach the server.')} />);
    expect(shown()).toEqual(['Failed to submit callback request']);
  });

  it('says the spec’s words exactly, then the server’s reason on its own line', () => {
    render(<FailureNotice message={SURVEY_SUBMIT_FAILED_MESSAGE} failure={new ApiRequestError(400, 'validation_failed', 'Answer every question before sending.')} />);
    expect(shown()).toEqual(['Failed to submit survey', 'Answer every question before sending.']);
  });

  it('says the spec’s words alone for a failure that is not the server’s answer', () => {
    render(<FailureNotice message={CALLBACK_FAILED_MESSAGE} failure={new Error('boom')} />);
    expect(shown()).toEqual(['Failed to submit callback request']);
  });
});
