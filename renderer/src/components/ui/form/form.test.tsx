// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client';
import { CheckboxField, SelectField, TextField, TextareaField } from './fields';
import { Form, FormError, useZodForm } from './form';

const schema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.'),
  email: z.email({ error: 'Please enter a valid email address.' }),
  crop: z.enum(['wheat', 'canola']),
  notes: z.string().max(10, 'Please keep notes under 10 characters.'),
  agreed: z.boolean().refine((value) => value, 'Please tick the box.'),
});

function Harness({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => Promise<void> }) {
  const form = useZodForm(schema, { name: '', email: '', crop: 'wheat', notes: '', agreed: false });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormError />
      <TextField name="name" label="Name" hint="As on your ABN" />
      <TextField name="email" label="E-mail" type="email" />
      <SelectField
        name="crop"
        label="Crop"
        options={[
          { value: 'wheat', label: 'Wheat' },
          { value: 'canola', label: 'Canola' },
        ]}
      />
      <TextareaField name="notes" label="Notes" />
      <CheckboxField name="agreed" label="I agree" />
      <button type="submit">Save</button>
    </Form>
  );
}

afterEach(cleanup);

describe('form components', () => {
  it('show a schema error on its field, tied to the input, and do not submit', async () => {
    const sent: unknown[] = [];
    render(<Harness onSubmit={async (values) => void sent.push(values)} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter your name.').id).toBe(name.getAttribute('aria-describedby')?.split(' ')[1]);
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please tick the box.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('send the parsed values when the schema passes', async () => {
    const sent: unknown[] = [];
    render(<Harness onSubmit={async (values) => void sent.push(values)} />);
    await userEvent.type(screen.getByLabelText('Name'), '  Zoë Ngāti ');
    await userEvent.type(screen.getByLabelText('E-mail'), 'zoe@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Crop'), 'canola');
    await userEvent.click(screen.getByLabelText('I agree'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toEqual([{ name: 'Zoë Ngāti', email: 'zoe@example.com', crop: 'canola', notes: '', agreed: true }]);
  });

  it("put a server 400's issues on their fields and anything else in the form's alert", async () => {
    let answer: Error = new ApiRequestError(400, 'validation_error', 'Please check the form.', [{ path: 'notes', message: 'Notes may not mention prices.' }]);
    render(<Harness onSubmit={() => Promise.reject(answer)} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Alex');
    await userEvent.type(screen.getByLabelText('E-mail'), 'alex@example.com');
    await userEvent.type(screen.getByLabelText('Notes'), '$300/t');
    await userEvent.click(screen.getByLabelText('I agree'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notes = screen.getByLabelText('Notes');
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Notes may not mention prices.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    answer = new ApiRequestError(409, 'conflict', 'That e-mail address already has an account.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That e-mail address already has an account.');
  });

  it('say a plain sentence when the call never reached the server', async () => {
    render(<Harness onSubmit={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Alex');
    await userEvent.type(screen.getByLabelText('E-mail'), 'alex@example.com');
    await userEvent.click(screen.getByLabelText('I agree'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That did not work. Check your connection and try again.');
  });
});
