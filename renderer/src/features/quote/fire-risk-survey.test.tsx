// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { renderWithProviders } from '../../testing/render';
import { pathOf, refusal, server } from '../../testing/server';
import { FireRiskSurveyPanel } from './fire-risk-survey';
import { useQuoteStore } from './stores/quote-store';
import { WizardContext } from './wizard-context';
import { stubWizard } from '../../testing/wizard';

const wizard = stubWizard({ isAuthenticated: true, userId: 'member-1' });

/** What the server answers GET /api/user/fire-risk-survey with, call after call; a call with none left goes unanswered and fails the test. */
let surveyAnswers: Array<() => Response>;
let surveyCalls: string[];

const initialQuote = useQuoteStore.getState();

beforeEach(() => {
  useQuoteStore.setState(initialQuote, true);
  surveyCalls = [];
  server.use(
    http.get('/api/user/fire-risk-survey', ({ request }) => {
      surveyCalls.push(pathOf(request));
      return surveyAnswers.shift()?.();
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPanel() {
  renderWithProviders(
    <WizardContext.Provider value={wizard}>
      <FireRiskSurveyPanel />
    </WizardContext.Provider>,
  );
  return screen.getByRole('region', { name: 'Fire risk survey' });
}

describe('the quote’s fire risk survey panel when the survey status cannot be checked (docs/behaviour.md §8)', () => {
  it("says 'Failed to check survey status', logs it, and checks again on Try again", async () => {
    surveyAnswers = [() => refusal(500, 'internal_error', 'Something failed on our side.'), () => HttpResponse.json({ success: true, hasCompleted: false, surveyData: null })];
    const panel = renderPanel();

    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByText('Failed to check survey status')).toBeTruthy();
    expect(surveyCalls).toEqual(['/api/user/fire-risk-survey?userId=member-1']);
    expect(vi.mocked(console.error).mock.calls.some(([message]) => message === 'Failed to check survey status')).toBe(true);
    // The session store's fireRiskSurvey area (docs/behaviour.md §3) holds the error, and is no longer loading.
    expect(useSessionStore.getState().fireRiskSurvey).toMatchObject({ isLoading: false, error: 'Failed to check survey status' });

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await within(panel).findByTestId('survey-status')).textContent).toBe('Not answered yet.');
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(surveyCalls).toHaveLength(2);
    expect(useSessionStore.getState().fireRiskSurvey).toMatchObject({ hasCompleted: false, isLoading: false, error: null });
  });

  it('says it when the server cannot be reached at all', async () => {
    surveyAnswers = [() => HttpResponse.error()];
    const panel = renderPanel();
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByText('Failed to check survey status')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
