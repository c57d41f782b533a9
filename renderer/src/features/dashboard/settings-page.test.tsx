// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changePasswordFormSchema, PASSWORD_MIN_LENGTH, PASSWORD_PROBLEM_MESSAGES, PASSWORD_SUGGESTED_LENGTH } from '@shared/contracts/accounts';
import { passwordProblem } from '@shared/domain/accounts/password-policy';
import { PasswordForm } from './settings-page';
import { errorOnField } from '../../testing/dom';
import { renderWithProviders } from '../../testing/render';
import { sentRequest, server } from '../../testing/server';

/** What reached the network: the settings form talks to the server only through fetch. */
let calls: Array<{ method: string; path: string; body: unknown }>;
/** The answer of PUT /api/user/password in this test. */
let passwordAnswer: { status: number; body: JsonBodyType };

beforeEach(() => {
  calls = [];
  server.use(
    http.all('*', async ({ request }) => void calls.push(await sentRequest(request))),
    http.put('/api/user/password', () => HttpResponse.json(passwordAnswer.body, { status: passwordAnswer.status })),
  );
});

afterEach(cleanup);

function renderPasswordForm() {
  renderWithProviders(<PasswordForm viewerId="user_1" />);
}

async function fillIn(current: string, next: string, again: string) {
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('New password again'), again);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('the settings password form', () => {
  it('states the same password rule as the quote, registration and reset (one rule, one sentence)', () => {
    renderPasswordForm();
    const hintId = screen
      .getByLabelText('New password')
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-hint'));
    expect(document.getElementById(hintId ?? '')?.textContent).toBe(`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of ${PASSWORD_SUGGESTED_LENGTH} or more, like a few unrelated words, is best.`);
  });

  it("shows the shared schema's message on the new-password field and sends nothing", async () => {
    renderPasswordForm();
    await fillIn('my old passphrase', 'short', 'short');
    const expected = changePasswordFormSchema
      .safeParse({ currentPassword: 'my old passphrase', newPassword: 'short', confirmPassword: 'short' })
      .error?.issues.find((issue) => issue.path[0] === 'newPassword')?.message;
    expect(expected).toBe(PASSWORD_PROBLEM_MESSAGES.too_short);
    expect(await screen.findByText(expected!)).toBeTruthy();
    expect(errorOnField('New password')).toBe(expected);
    expect(errorOnField('Current password')).toBeUndefined();
    expect(calls.filter((call) => call.path === '/api/user/password')).toEqual([]);
  });

  it('shows a difference between the two new passwords on the second one', async () => {
    renderPasswordForm();
    await fillIn('my old passphrase', 'wattle creek harvest', 'wattle creek harvets');
    expect(await screen.findByText('The two new passwords are not the same.')).toBeTruthy();
    expect(errorOnField('New password again')).toBe('The two new passwords are not the same.');
    expect(calls.filter((call) => call.path === '/api/user/password')).toEqual([]);
  });

  it("puts the server's refusal of a common password on the new-password field, not in the form's alert", async () => {
    const chosen = 'password1234';
    // The server's answer for a password on its common list (assertPasswordAllowed → ValidationError).
    const message = PASSWORD_PROBLEM_MESSAGES[passwordProblem(chosen, () => true)!];
    passwordAnswer = { status: 400, body: { error: 'validation_error', message: `newPassword: ${message}`, issues: [{ path: 'newPassword', message }] } };
    renderPasswordForm();
    await fillIn('my old passphrase', chosen, chosen);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(errorOnField('New password')).toBe(message);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.find((call) => call.path === '/api/user/password')?.body).toEqual({ currentPassword: 'my old passphrase', newPassword: chosen });
  });

  it('says the server’s sentence in the alert when the refusal belongs to no field, and clears the fields after a change', async () => {
    passwordAnswer = { status: 429, body: { error: 'rate_limited', message: 'Too many attempts. Wait a few minutes and try again.' } };
    renderPasswordForm();
    await fillIn('my old passphrase', 'wattle creek harvest', 'wattle creek harvest');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Wait a few minutes and try again.');

    passwordAnswer = { status: 200, body: { success: true, message: 'Your password has been changed. Other devices have been signed out.' } };
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password has been changed. Other devices have been signed out.');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });
});
