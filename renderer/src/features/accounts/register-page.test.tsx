// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_PROBLEM_MESSAGES, registerRequestSchema } from '@shared/contracts/accounts';
import { passwordProblem } from '@shared/domain/accounts/password-policy';
import RegisterPage from './register-page';
import { errorOnField } from '../../testing/dom';
import { renderWithProviders } from '../../testing/render';
import { sentRequest, server } from '../../testing/server';

/** What reached the network: the page talks to the server only through fetch. */
let calls: Array<{ method: string; path: string; body: unknown }>;
/** The answer of POST /api/auth/register in this test. */
let registerAnswer: { status: number; body: JsonBodyType };

beforeEach(() => {
  calls = [];
  server.use(
    http.all('*', async ({ request }) => void calls.push(await sentRequest(request))),
    http.post('/api/auth/email-verification/send', () => HttpResponse.json({ success: true, message: 'We sent a 6-digit code to robin@example.com.', expiresInSeconds: 600 })),
    http.post('/api/auth/email-verification/verify', () => HttpResponse.json({ success: true, verificationToken: 'verified-token' })),
    http.post('/api/auth/register', () => HttpResponse.json(registerAnswer.body, { status: registerAnswer.status })),
  );
});

afterEach(cleanup);

function renderPage() {
  renderWithProviders(<RegisterPage />, { at: '/auth/register' });
}

async function fillDetails(phone: string) {
  await userEvent.type(screen.getByLabelText('First name'), 'Robin');
  await userEvent.type(screen.getByLabelText('Last name'), 'Wheatley');
  await userEvent.type(screen.getByLabelText('E-mail address'), 'robin@example.com');
  await userEvent.type(screen.getByLabelText('Phone'), phone);
  await userEvent.click(screen.getByRole('button', { name: 'Send my code' }));
}

describe('the register page', () => {
  it("shows the shared schema's message on the phone field and sends no code", async () => {
    renderPage();
    await fillDetails('12');
    const expected = registerRequestSchema.shape.phone.safeParse('12').error?.issues[0]?.message;
    expect(expected).toMatch(/phone number/);
    expect(await screen.findByText(expected!)).toBeTruthy();
    expect(errorOnField('Phone')).toBe(expected);
    expect(errorOnField('First name')).toBeUndefined();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("puts the server's refusal of a common password on the password field, not in the form's alert", async () => {
    const chosen = 'password1234';
    // The server's answer for a password on its common list (assertPasswordAllowed → ValidationError).
    const message = PASSWORD_PROBLEM_MESSAGES[passwordProblem(chosen, () => true)!];
    registerAnswer = { status: 400, body: { error: 'validation_error', message: `password: ${message}`, issues: [{ path: 'password', message }] } };
    renderPage();
    await fillDetails('0412 345 678');
    await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.type(await screen.findByLabelText('Password'), chosen);
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(errorOnField('Password')).toBe(message);
    expect(screen.queryByRole('alert')).toBeNull();
    const sent = calls.find((call) => call.path === '/api/auth/register');
    expect(sent?.body).toMatchObject({ firstName: 'Robin', email: 'robin@example.com', phone: '0412 345 678', password: chosen, verificationToken: 'verified-token' });
  });

  it("shows a refusal that belongs to no field in the form's alert", async () => {
    registerAnswer = { status: 409, body: { error: 'email_registered', message: 'An account with this e-mail address already exists.' } };
    renderPage();
    await fillDetails('0412 345 678');
    await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.type(await screen.findByLabelText('Password'), 'stubble burning season');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this e-mail address already exists.');
    // The code EMAIL_ALREADY_REGISTERED also offers sign-in, beside the alert.
    expect(screen.getAllByRole('link', { name: 'Sign in' }).map((link) => link.getAttribute('href'))).toContain('/auth/signin?callbackUrl=%2Fdashboard');
    expect(errorOnField('Password')).toBeUndefined();
  });

  it('says the code already sent still works when a new one could not go because the mail relay is down', async () => {
    renderPage();
    await fillDetails('0412 345 678');
    await screen.findByLabelText('6-digit code');
    server.use(
      http.post('/api/auth/email-verification/send', () =>
        HttpResponse.json({ error: 'mail_unavailable', message: 'We could not send the code just now; try again in a minute.' }, { status: 503, headers: { 'Retry-After': '30' } }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not send the code just now; try again in a minute. The code we sent you before still works.');
  });
});
