// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { http, HttpResponse } from 'msw';
import { server } from '../testing/server';
import { prefetchRoute, type WhenIdle } from './route-prefetch';

/** Idle periods, queued until `flush`, each with room for `room` links. */
function idlePeriods(room: number) {
  const queued: Array<Parameters<WhenIdle>[0]> = [];
  let periods = 0;
  const whenIdle: WhenIdle = (step) => void queued.push(step);
  const flush = () => {
    while (queued.length > 0) {
      let left = room;
      periods += 1;
      queued.shift()!({ didTimeout: false, timeRemaining: () => (--left > 0 ? 1 : 0) });
    }
    return periods;
  };
  return { whenIdle, flush };
}

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
  const idle = idlePeriods(10);
  prefetchRoute(routes, '/faq', idle.whenIdle);
  // Nothing before the browser is idle.
  expect(layout).not.toHaveBeenCalled();
  idle.flush();
  expect(layout).toHaveBeenCalledTimes(1);
  expect(faq).toHaveBeenCalledTimes(1);
  expect(quote).not.toHaveBeenCalled();
  prefetchRoute(routes, '/nowhere/at/all', idle.whenIdle);
  idle.flush();
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
  // Idle periods with room for two links each: the quote's three take two of them.
  const idle = idlePeriods(2);
  prefetchRoute(routes, '/quote', idle.whenIdle);
  expect(document.head.querySelectorAll('link')).toHaveLength(0);
  expect(idle.flush()).toBe(3);
  prefetchRoute(routes, '/FAQ/', idle.whenIdle);
  idle.flush();
  expect(quote).not.toHaveBeenCalled();
  expect(faq).not.toHaveBeenCalled();
  const links = [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}${link.rel === 'prefetch' ? ` as ${link.getAttribute('as')}` : ''}`);
  expect(links).toEqual(['modulepreload /assets/quote-page-a.js', 'modulepreload /assets/draft-b.js', 'prefetch /assets/quote-page-c.css as style', 'modulepreload /assets/faq-page-d.js']);
});

/** The build's data block: `linked` carried in the page, the other pages' map at `otherPages`. */
function mapBlock(linked: Record<string, string[]>, otherPages: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'route-chunks';
  block.dataset.otherPages = otherPages;
  block.textContent = JSON.stringify(linked);
  document.head.append(block);
}

const linksIn = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
const atOnce: WhenIdle = (step) => step({ didTimeout: false, timeRemaining: () => 50 });

it('fetches a signed-in page’s files from the build’s map of the other pages, asked for once, an address with an id by its pattern, without running them', async () => {
  let asked = 0;
  server.use(
    http.get('/assets/other-pages-a1.json', () => {
      asked += 1;
      return HttpResponse.json({ '/admin/members': ['/assets/members-page-a.js', '/assets/table-b.js'], '/admin/user-lookup/:userId': ['/assets/person-page-c.js', '/assets/table-b.js'] });
    }),
  );
  mapBlock({ '/faq': ['/assets/faq-page-d.js'] }, '/assets/other-pages-a1.json');
  const { routes, layout } = lazyRoutes();
  prefetchRoute(routes, '/admin/members', atOnce);
  prefetchRoute(routes, '/admin/user-lookup/u123', atOnce);
  await vi.waitFor(() => expect(linksIn()).toEqual(['/assets/members-page-a.js', '/assets/table-b.js', '/assets/person-page-c.js']));
  expect(asked).toBe(1);
  expect(layout).not.toHaveBeenCalled();
});

it('imports the lazy modules of a page neither map has, and of any when the other pages’ map cannot be had', async () => {
  server.use(http.get('/assets/other-pages-b2.json', () => HttpResponse.json({ '/admin/members': ['/assets/members-page-a.js'] })));
  mapBlock({}, '/assets/other-pages-b2.json');
  const { routes, faq } = lazyRoutes();
  prefetchRoute(routes, '/faq', atOnce);
  await vi.waitFor(() => expect(faq).toHaveBeenCalledTimes(1));

  document.head.replaceChildren();
  server.use(http.get('/assets/other-pages-c3.json', () => new HttpResponse(null, { status: 503 })));
  mapBlock({}, '/assets/other-pages-c3.json');
  const unmapped = lazyRoutes();
  prefetchRoute(unmapped.routes, '/quote', atOnce);
  await vi.waitFor(() => expect(unmapped.quote).toHaveBeenCalledTimes(1));
  expect(linksIn()).toEqual([]);
});
