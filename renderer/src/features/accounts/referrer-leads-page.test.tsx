// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTAGE_MESSAGES } from '@shared/contracts/api-error';
import { renderWithProviders } from '../../testing/render';
import { refusal, server } from '../../testing/server';
import ReferrerLeadsPage from './referrer-leads-page';

afterEach(cleanup);

describe('the referrer’s page while the server cannot check the sign-in', () => {
  it('says so with Try again, rather than sending the referrer to sign in; once it can, the page asks again', async () => {
    let away = true;
    let asked = 0;
    server.use(
      http.get('/api/auth/session', () => {
        asked += 1;
        return away ? refusal(503, 'sessions_unavailable', OUTAGE_MESSAGES.redis) : HttpResponse.json({});
      }),
    );
    renderWithProviders(<ReferrerLeadsPage />, { at: '/referrer/leads' });
    expect((await screen.findByRole('alert')).textContent).toBe(OUTAGE_MESSAGES.redis);
    expect(screen.getByRole('heading', { name: 'Your referrals' })).toBeTruthy();
    away = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await expect.poll(() => asked).toBe(2);
    // The server now says nobody is signed in: the page sends them to the partners' sign-in.
    expect((await screen.findByTestId('left-the-page')).textContent).toBe('/auth/referrer-signin?error=SessionRequired&callbackUrl=%2Freferrer%2Fleads');
    expect(screen.queryByText(OUTAGE_MESSAGES.redis)).toBeNull();
  });
});
