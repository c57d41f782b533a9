// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_ERROR_MESSAGES, signInRequestSchema } from '@shared/contracts/accounts';
import { useSessionStore } from '../../stores/session-store';
import SignInPage from './sign-in-page';
import { errorOnField } from '../../testing/dom';
import { renderWithProviders } from '../../testing/render';
import { sentRequest, server, sessionAnswer } from '../../testing/server';
import { signedInPerson } from '../../testing/accounts';

let signInCalls: unknown[];
let signInAnswer: { status: number; body: JsonBodyType };

beforeEach(() => {
  signInCalls = [];
  server.use(
    // A visitor: no one is signed in.
    sessionAnswer({}),
    http.post('/api/auth/signin', async ({ request }) => {
      signInCalls.push((await sentRequest(request)).body);
      return HttpResponse.json(signInAnswer.body, { status: signInAnswer.status });
    }),
  );
});

afterEach(cleanup);

function renderPage() {
  renderWithProviders(<SignInPage />, { at: '/auth/signin' });
}

describe('the sign-in page', () => {
  it("shows the shared schema's message on the password field and sends nothing", async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'jo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const expected = signInRequestSchema.shape.password.safeParse('').error?.issues[0]?.message;
    expect(await screen.findByText(expected!)).toBeTruthy();
    expect(errorOnField('Password')).toBe(expected);
    expect(errorOnField('E-mail address')).toBeUndefined();
    expect(signInCalls).toEqual([]);
  });

  it("puts a 400's issue on its field, and a refusal in the alert with the session signed out", async () => {
    // The server parses with the same schema; its answer for an address it cannot accept.
    const message = signInRequestSchema.shape.email.safeParse('jo@').error!.issues[0]!.message;
    signInAnswer = { status: 400, body: { error: 'validation_error', message: `email: ${message}`, issues: [{ path: 'email', message }] } };
    renderPage();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'jo@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'stubble burning season');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(errorOnField('E-mail address')).toBe(message);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signInCalls).toEqual([{ email: 'jo@example.com', password: 'stubble burning season' }]);

    // Wrong credentials: the sign-in service's sentence for CredentialsSignin.
    signInAnswer = { status: 401, body: { error: 'invalid_credentials', message: SIGN_IN_ERROR_MESSAGES.CredentialsSignin } };
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_ERROR_MESSAGES.CredentialsSignin);
    expect(useSessionStore.getState().status).toBe('unauthenticated');
  });

  it('sends someone already signed in where they were going, or home, without asking again', async () => {
    server.use(
      sessionAnswer({
        user: signedInPerson({ id: 'u1', firstName: 'Jo', lastName: 'Grower' }),
        expires: '2099-01-01T00:00:00.000Z',
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/auth/signin" element={<SignInPage />} />
        <Route path="/dashboard/claims" element={<p>Claims page</p>} />
      </Routes>,
      { at: '/auth/signin?callbackUrl=%2Fdashboard%2Fclaims' },
    );
    expect(await screen.findByText('Claims page')).toBeTruthy();
  });
});
