import { expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { prefetchRoute } from './route-prefetch';

it('imports the lazy modules on the branch of the address, and no other page’s', () => {
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
  prefetchRoute(routes, '/faq');
  expect(layout).toHaveBeenCalledTimes(1);
  expect(faq).toHaveBeenCalledTimes(1);
  expect(quote).not.toHaveBeenCalled();
  prefetchRoute(routes, '/nowhere/at/all');
  expect(quote).not.toHaveBeenCalled();
});
