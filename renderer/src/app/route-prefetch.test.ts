// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { prefetchRoute } from './route-prefetch';

const lazyRoutes = () => {
  const faq = vi.fn(async () => ({}));
  const quote = vi.fn(async () => ({}));
  const layout = vi.fn(async () => ({}));
  const routes: RouteObject[] = [
    {
      path: '/',
      lazy: layout,
      children: [
        { path: 'faq', lazy: faq },
        { path: 'quote', lazy: quote },
      ],
    },
  ];
  return { routes, faq, quote, layout };
};

afterEach(() => {
  document.head.replaceChildren();
});

it('imports the lazy modules on the branch of the address, and no other page’s, where the build mapped no files', () => {
  const { routes, faq, quote, layout } = lazyRoutes();
  prefetchRoute(routes, '/faq');
  expect(layout).toHaveBeenCalledTimes(1);
  expect(faq).toHaveBeenCalledTimes(1);
  expect(quote).not.toHaveBeenCalled();
  prefetchRoute(routes, '/nowhere/at/all');
  expect(quote).not.toHaveBeenCalled();
});

it('fetches a mapped page’s scripts and style sheets without running them, once each', () => {
  const map = document.createElement('script');
  map.type = 'application/json';
  map.id = 'route-chunks';
  map.textContent = JSON.stringify({
    '/quote': ['/assets/quote-page-a.js', '/assets/draft-b.js', '/assets/quote-page-c.css'],
    '/faq': ['/assets/faq-page-d.js', '/assets/draft-b.js'],
  });
  document.head.append(map);
  const { routes, quote, faq } = lazyRoutes();
  prefetchRoute(routes, '/quote');
  prefetchRoute(routes, '/FAQ/');
  expect(quote).not.toHaveBeenCalled();
  expect(faq).not.toHaveBeenCalled();
  const links = [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}${link.rel === 'prefetch' ? ` as ${link.getAttribute('as')}` : ''}`);
  expect(links).toEqual(['modulepreload /assets/quote-page-a.js', 'modulepreload /assets/draft-b.js', 'prefetch /assets/quote-page-c.css as style', 'modulepreload /assets/faq-page-d.js']);
});
