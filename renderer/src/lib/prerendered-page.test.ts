// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { drawingPrerenderedPage, openedOnPrerenderedPage } from './prerendered-page';

const pages = [{ path: '/' }, { path: '/quote' }, { path: '/about' }];

it('holds for the drawn address, whatever its case or trailing slash, until the router first moves', async () => {
  expect(drawingPrerenderedPage('/quote')).toBe(false);
  const followDrawnPage = openedOnPrerenderedPage('/Quote/');
  const router = createMemoryRouter(pages, { initialEntries: ['/Quote/'] });
  followDrawnPage(router);
  expect(drawingPrerenderedPage('/quote')).toBe(true);
  expect(drawingPrerenderedPage('/about')).toBe(false);
  // The wizard writes its step into the address: a move, after which the page is the app's own.
  await router.navigate('/quote?step=personal-details', { replace: true });
  expect(drawingPrerenderedPage('/quote')).toBe(false);
  router.dispose();
});
