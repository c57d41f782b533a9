// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/react-query';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { jsonResponse } from '../../testing/dom';
import FireRiskSurveyPage from './fire-risk-survey-page';

const member: ClientUser = {
  id: 'member-1',
  email: 'grace@example.com',
  name: 'Grace Grower',
  firstName: 'Grace',
  lastName: 'Grower',
  isAdmin: false,
  isBroker: false,
  permissions: [],
};

/** What the server answers GET /api/user/fire-risk-survey with, call after call. */
let surveyAnswers: Array<() => Response>;
let surveyCalls: string[];
const initialSession = useSessionStore.getState();

beforeEach(() => {
  useSessionStore.setState(initialSession, true);
  useSessionStore.getState().sessionLoaded(member);
  surveyCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/auth/session') return jsonResponse(200, { user: member, expires: '2026-12-01T00:00:00.000Z' });
      if (path.startsWith('/api/user/fire-risk-survey')) {
        surveyCalls.push(path);
        const answer = surveyAnswers.shift();
        if (answer === undefined) throw new Error(`no answer left for ${path}`);
        return answer();
      }
      if (path === '/api/errors/track') return jsonResponse(202, { received: 1 });
      return jsonResponse(404, { error: 'not_found', message: 'No such route.' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/dashboard/fire-risk-survey when the survey status cannot be checked (SPEC §8)', () => {
  it("heads the failure 'Failed to check survey status', gives the server's reason, and checks again on Try again", async () => {
    surveyAnswers = [() => jsonResponse(403, { error: 'forbidden', message: 'You can only see your own survey.' }), () => jsonResponse(200, { success: true, hasCompleted: false, surveyData: null })];
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard/fire-risk-survey']}>
          <FireRiskSurveyPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to check survey status' })).toBeTruthy();
    expect(within(alert).getByText('You can only see your own survey.')).toBeTruthy();
    expect(surveyCalls).toEqual(['/api/user/fire-risk-survey?userId=member-1']);

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Fire risk survey' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Failed to check survey status' })).toBeNull();
    expect(surveyCalls).toHaveLength(2);
  });
});
