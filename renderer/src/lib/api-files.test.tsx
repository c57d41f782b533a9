// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ApiImage } from './api-files';

afterEach(cleanup);

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
