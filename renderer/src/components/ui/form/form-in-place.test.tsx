// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { Form, useZodForm } from './form';

const schema = z.object({ note: z.string() });

function NoteForm({ opensInPlace, onCancel }: { opensInPlace: boolean; onCancel?: () => void }) {
  const form = useZodForm(schema, { note: '' });
  return (
    <Form form={form} onSubmit={() => undefined} aria-label="Add a note" opensInPlace={opensInPlace}>
      <input aria-label="Note" />
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </Form>
  );
}

/** A button that gives its place to the form it opens, as 'Lodge a claim' does. */
function Panel({ opensInPlace }: { opensInPlace: boolean }) {
  const [open, setOpen] = useState(false);
  const trigger = useFocusReturn<HTMLButtonElement>(open);
  return open ? (
    <NoteForm opensInPlace={opensInPlace} onCancel={() => setOpen(false)} />
  ) : (
    <button ref={trigger} type="button" onClick={() => setOpen(true)}>
      Add a note
    </button>
  );
}

afterEach(cleanup);

it('takes the focus its vanished button had, so the person is in the form it opened, and gives it back to the button when it closes', async () => {
  render(<Panel opensInPlace />);
  await userEvent.click(screen.getByRole('button', { name: 'Add a note' }));
  expect(document.activeElement).toBe(screen.getByRole('form', { name: 'Add a note' }));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a note' }));
});

it('leaves focus alone when the form is an ordinary one, or the person has focus elsewhere', async () => {
  render(<Panel opensInPlace={false} />);
  await userEvent.click(screen.getByRole('button', { name: 'Add a note' }));
  expect(document.activeElement).toBe(document.body);
  cleanup();

  // Mounted with focus already in a field of the page: the form does not take it.
  render(
    <>
      <input aria-label="Elsewhere" autoFocus />
      <NoteForm opensInPlace />
    </>,
  );
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Elsewhere' }));
});
