// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRequestSchema } from '@shared/contracts/accounts';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from '@shared/domain/accounts/password-policy';
import { createQueryClient } from '../../lib/react-query';
import RegisterPage from './register-page';
import { errorOnField, jsonResponse } from '../../testing/dom';

/** What reached the network: the page talks to the server only through fetch. */
let calls: Array<{ method: string; path: string; body: unknown }>;
/** The answer of POST /api/auth/register in this test. */
let registerAnswer: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (path === '/api/auth/csrf') return jsonResponse(200, { csrfToken: 'token' });
    if (path === '/api/auth/email-verification/send') return jsonResponse(200, { success: true, message: 'We sent a 6-digit code to robin@example.com.', expiresInSeconds: 600 });
    if (path === '/api/auth/email-verification/verify') return jsonResponse(200, { success: true, verificationToken: 'verified-token' });
    if (path === '/api/auth/register') return jsonResponse(registerAnswer.status, registerAnswer.body);
    return jsonResponse(404, { error: 'not_found', message: 'Not found.' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/auth/register']}>
        <RegisterPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
});
