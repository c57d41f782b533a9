// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { DetailHeading, ListItemButton } from './admin-ui';

/** A list whose items open beside it, as the claims, leads, requests and alerts pages have. */
function Items({ opened = null, closesAfterMs }: { opened?: string | null; closesAfterMs?: number }) {
  const [open, setOpen] = useState<string | null>(opened);
  return (
    <>
      <ul>
        {['A', 'B'].map((id) => (
          <li key={id}>
            <ListItemButton title={`Claim ${id}`} status="Lodged" tone="info" selected={open === id} onOpen={() => setOpen(id)}>
              Hail
            </ListItemButton>
          </li>
        ))}
      </ul>
      {open !== null && (
        <article aria-labelledby={`claim-${open}`}>
          <DetailHeading id={`claim-${open}`} title={`Claim ${open} in full`} onClose={() => (closesAfterMs === undefined ? setOpen(null) : setTimeout(() => setOpen(null), closesAfterMs))} notice={undefined} />
        </article>
      )}
    </>
  );
}

const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));

/** The focused element as the DOM change that removes `selector`'s element is seen. */
const focusWhenGone = (selector: string) =>
  new Promise<Element | null>((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector)) return;
      observer.disconnect();
      resolve(document.activeElement);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });

afterEach(cleanup);

it('takes focus to the heading of the item opened from the list, and back to its button on Close', async () => {
  render(<Items />);
  await userEvent.click(screen.getByRole('button', { name: /Claim A/ }));
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Claim A in full' }));
  await userEvent.click(screen.getByRole('button', { name: /Claim B/ }));
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Claim B in full' }));
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  await nextFrame();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: /Claim B/ }));
});

it('leaves focus alone for an item open without the list’s button (an address naming it)', () => {
  render(<Items opened="A" />);
  expect(document.activeElement).toBe(document.body);
});

it('gives the focus back to the list’s button once the item has closed, so Enter there opens it again with its heading focused', async () => {
  // Closing is a navigation, which may take longer than a frame.
  render(<Items closesAfterMs={50} />);
  const opener = screen.getByRole('button', { name: /Claim A/ });
  await userEvent.click(opener);
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  await nextFrame();
  expect(screen.getByRole('article')).toBeTruthy();
  expect(document.activeElement).not.toBe(opener);
  // Where the focus is at the very change that takes the item away: nothing may run between the two.
  expect(await focusWhenGone('article')).toBe(opener);
  await userEvent.keyboard('{Enter}');
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Claim A in full' }));
});
