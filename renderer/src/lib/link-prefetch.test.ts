// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { prefetchLinksNearView, savingData } from './link-prefetch';

/** A stand-in for the browser's IntersectionObserver: the test says which links came near the view. */
class NearView {
  static made: NearView[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly report: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    NearView.made.push(this);
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  comeNear(target: Element) {
    this.report([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  NearView.made = [];
  vi.stubGlobal('IntersectionObserver', NearView);
  document.body.replaceChildren(
    ...[
      ['/faq', 'FAQ'],
      ['/faq#claims', 'Claims questions'],
      ['https://example.org/elsewhere', 'Elsewhere'],
    ].map(([href, text]) => Object.assign(document.createElement('a'), { href, textContent: text })),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('fetches a linked page’s code once when a link to it comes within 200 px of the view, and never another site’s', async () => {
  const prefetch = vi.fn();
  const stop = prefetchLinksNearView(document.body, prefetch);
  const [watcher] = NearView.made;
  expect(watcher!.options.rootMargin).toBe('200px');
  const [faq, claims, elsewhere] = Array.from(document.querySelectorAll('a'));
  watcher!.comeNear(faq!);
  watcher!.comeNear(claims!);
  watcher!.comeNear(elsewhere!);
  expect(prefetch.mock.calls).toEqual([['/faq']]);

  // A link the page adds later (a page's content arriving) is watched too.
  const later = document.createElement('a');
  later.href = '/quote';
  document.body.append(later);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(watcher!.observed.has(later)).toBe(true);
  watcher!.comeNear(later);
  expect(prefetch).toHaveBeenLastCalledWith('/quote');
  stop();
});

it('fetches nothing ahead while the browser says its person saves data, and does once a link comes near again after', () => {
  const connection = { saveData: true, effectiveType: '4g' };
  vi.stubGlobal('navigator', { connection });
  const prefetch = vi.fn();
  const stop = prefetchLinksNearView(document.body, prefetch);
  const [watcher] = NearView.made;
  const [faq] = Array.from(document.querySelectorAll('a'));
  watcher!.comeNear(faq!);
  expect(prefetch).not.toHaveBeenCalled();
  connection.saveData = false;
  watcher!.comeNear(faq!);
  expect(prefetch.mock.calls).toEqual([['/faq']]);
  stop();
});

it('counts Save-Data and a 2G line as saving data, and a browser that tells nothing of its connection as not', () => {
  expect(savingData({ saveData: true, effectiveType: '4g' })).toBe(true);
  expect(savingData({ saveData: false, effectiveType: '2g' })).toBe(true);
  expect(savingData({ saveData: false, effectiveType: 'slow-2g' })).toBe(true);
  expect(savingData({ saveData: false, effectiveType: '3g' })).toBe(false);
  expect(savingData(undefined)).toBe(false);
});
