// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createReferrerRequestSchema } from '@shared/contracts/accounts';
import { ApiRequestError } from '../../lib/api-client';
import { NewReferrerForm } from './referrers-page';

/** The sentence the shared schema says for a value of one field (the server answers with the same). */
function schemaMessage(field: keyof typeof createReferrerRequestSchema.shape, value: string): string {
  const result = createReferrerRequestSchema.shape[field].safeParse(value);
  if (result.success) throw new Error(`${field} accepted ${value}`);
  return result.error.issues[0]!.message;
}

async function fillIn(code: string) {
  await userEvent.type(screen.getByLabelText('First name'), 'Wren');
  await userEvent.type(screen.getByLabelText('Last name'), 'Agronomist');
  await userEvent.type(screen.getByLabelText('E-mail address'), 'wren@wheatbelt-ag.example');
  await userEvent.type(screen.getByLabelText('Organisation'), 'Wheatbelt Ag');
  await userEvent.type(screen.getByLabelText('Referrer code'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Create referrer and e-mail the link' }));
}

afterEach(cleanup);

describe('the new-referrer form of /admin/referrers', () => {
  it('puts the shared schema’s sentence on the code field and sends nothing', async () => {
    const sent: unknown[] = [];
    render(<NewReferrerForm onSubmit={async (referrer) => (sent.push(referrer), 'created')} />);
    await fillIn('x!');
    const code = screen.getByLabelText('Referrer code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText(schemaMessage('code', 'x!'));
    expect(code.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(sent).toEqual([]);
  });

  it('sends the parsed referrer (code in capitals) and says what was done', async () => {
    const sent: unknown[] = [];
    render(<NewReferrerForm onSubmit={async (referrer) => (sent.push(referrer), `${referrer.organisation} can now refer growers with the code ${referrer.code}.`)} />);
    await fillIn('wheatbelt-ag');
    expect(sent).toEqual([{ firstName: 'Wren', lastName: 'Agronomist', email: 'wren@wheatbelt-ag.example', organisation: 'Wheatbelt Ag', code: 'WHEATBELT-AG' }]);
    expect((await screen.findByRole('status')).textContent).toBe('Wheatbelt Ag can now refer growers with the code WHEATBELT-AG.');
    expect((screen.getByLabelText('Referrer code') as HTMLInputElement).value).toBe('');
  });

  it('puts the issues of the server’s 400 on their fields, and a refusal without issues in the form’s alert', async () => {
    // What POST /api/admin/referrers answers when parseInput refuses a field (server/src/lib/validate.ts).
    const emailMessage = schemaMessage('email', 'wren@');
    let answer = new ApiRequestError(400, 'validation_error', `email: ${emailMessage}`, [{ path: 'email', message: emailMessage }]);
    render(<NewReferrerForm onSubmit={() => Promise.reject(answer)} />);
    await fillIn('WHEATBELT-AG');
    const email = screen.getByLabelText('E-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(emailMessage).id).toBe(email.getAttribute('aria-describedby')?.split(' ').at(-1));
    expect(screen.queryByRole('alert')).toBeNull();

    answer = new ApiRequestError(409, 'referrer_code_taken', 'The referrer code WHEATBELT-AG is taken. Choose another.');
    await userEvent.click(screen.getByRole('button', { name: 'Create referrer and e-mail the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The referrer code WHEATBELT-AG is taken. Choose another.');
  });
});
