// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiFileLink, ApiImage } from './api-files';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('offers a photo at docs/behaviour.md §9’s widths, quality 75, when the page says how wide it shows it', () => {
  render(<ApiImage path="/api/files/f1" alt="Damage photo hail.jpg" sizes="(min-width: 48rem) 12rem, 45vw" />);
  const photo = screen.getByRole('img', { name: 'Damage photo hail.jpg' });
  expect(photo.getAttribute('src')).toBe('/api/files/f1?w=640&q=75');
  expect(photo.getAttribute('sizes')).toBe('(min-width: 48rem) 12rem, 45vw');
  expect(photo.getAttribute('srcset')?.split(', ')).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840].map((width) => `/api/files/f1?w=${width}&q=75 ${width}w`));
});

it('shows the file as stored when the page does not say how wide it shows it', () => {
  render(<ApiImage path="/api/files/f1" alt="Site plan" />);
  const image = screen.getByRole('img', { name: 'Site plan' });
  expect(image.getAttribute('src')).toBe('/api/files/f1');
  expect(image.hasAttribute('srcset')).toBe(false);
});

it('leaves a click with Ctrl, ⌘ or Shift on a file to save to the browser (a new tab or window at its address), and fetches the file on a plain click', () => {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return new Promise(() => undefined);
  });
  render(<ApiFileLink path="/api/admin/crm/leads.csv">Download as CSV</ApiFileLink>);
  const link = screen.getByRole('link', { name: 'Download as CSV' });
  expect(link.getAttribute('href')).toBe('/api/admin/crm/leads.csv');
  for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) expect(fireEvent.click(link, modifier)).toBe(true);
  expect(fetched).toEqual([]);
  expect(fireEvent.click(link)).toBe(false);
  expect(fetched).toEqual(['/api/admin/crm/leads.csv']);
  expect(screen.getByRole('status').textContent).toBe(' Downloading…');
});
