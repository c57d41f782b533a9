import { screen } from '@testing-library/react';

/** The error shown for a field, found through its input's aria-describedby (so it is tied to that input). */
export function errorOnField(label: string): string | undefined {
  const input = screen.getByLabelText(label);
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((element) => element?.id.endsWith('-error'))?.textContent ?? undefined;
}
