// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTAGE_MESSAGES } from '@shared/contracts/api-error';
import { everyQuestionAnswered } from '@shared/contracts/testing/fire-risk-answers';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { queryClientRetryingAtOnce, renderWithProviders } from '../../testing/render';
import { pathOf, refusal, server, sessionAnswer } from '../../testing/server';
import FireRiskSurveyPage from './fire-risk-survey-page';
import { signedInPerson } from '../../testing/accounts';

const member: ClientUser = signedInPerson({ id: 'member-1', firstName: 'Grace', lastName: 'Grower' });

/** What the server answers GET /api/user/fire-risk-survey with, call after call. */
let surveyAnswers: Array<() => Response>;
let surveyCalls: string[];

beforeEach(() => {
  useSessionStore.getState().sessionLoaded(member);
  surveyCalls = [];
  server.use(
    sessionAnswer({ user: member, expires: '2026-12-01T00:00:00.000Z' }),
    http.get('/api/user/fire-risk-survey', ({ request }) => {
      surveyCalls.push(pathOf(request));
      // No answer left: the call fails as a network failure does.
      return surveyAnswers.shift()?.() ?? HttpResponse.error();
    }),
  );
});

afterEach(cleanup);

describe('/dashboard/fire-risk-survey when the survey status cannot be checked (docs/behaviour.md §8)', () => {
  it("heads the failure 'Failed to check survey status', gives the server's reason, and checks again on Try again", async () => {
    const away = () => refusal(503, 'database_unavailable', OUTAGE_MESSAGES.database);
    // The load is tried three times before the page gives up.
    surveyAnswers = [away, away, away, () => HttpResponse.json({ success: true, hasCompleted: false, surveyData: null })];
    renderWithProviders(<FireRiskSurveyPage />, { at: '/dashboard/fire-risk-survey', queryClient: queryClientRetryingAtOnce() });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to check survey status' })).toBeTruthy();
    expect(within(alert).getByText(OUTAGE_MESSAGES.database)).toBeTruthy();
    expect(surveyCalls).toEqual(Array.from({ length: 3 }, () => '/api/user/fire-risk-survey?userId=member-1'));

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Fire risk survey' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Failed to check survey status' })).toBeNull();
    expect(surveyCalls).toHaveLength(4);
  });

  it('gives a refusal its reason without a Try again that would be refused the same', async () => {
    surveyAnswers = [() => refusal(403, 'forbidden', 'You can only see your own survey.')];
    renderWithProviders(<FireRiskSurveyPage />, { at: '/dashboard/fire-risk-survey' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to check survey status' })).toBeTruthy();
    expect(within(alert).getByText('You can only see your own survey.')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(surveyCalls).toHaveLength(1);
  });
});

describe('/dashboard/fire-risk-survey from the keyboard', () => {
  it('opens the answers in place of Review with the focus on them, and after Send gives the focus back to Review beside the thanks', async () => {
    const answers = everyQuestionAnswered();
    const answered = { success: true, hasCompleted: true, surveyData: { id: 's1', answers, completedAt: '2026-11-20T01:00:00.000Z', userAgent: null } };
    surveyAnswers = [() => HttpResponse.json(answered), () => HttpResponse.json(answered)];
    server.use(http.post('/api/user/fire-risk-survey', () => HttpResponse.json(answered, { status: 201 })));
    renderWithProviders(<FireRiskSurveyPage />, { at: '/dashboard/fire-risk-survey' });

    (await screen.findByRole('button', { name: 'Review or change your answers' })).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('form', { name: 'Fire risk survey' }));
    screen.getByRole('button', { name: 'Send my answers' }).focus();
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe('Thank you: your answers are with the mutual.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Review or change your answers' }));
  });
});
