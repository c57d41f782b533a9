import { expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { lazyInLaterTasks } from './lazy-in-later-tasks';

it('starts each lazily loaded route’s import in a later task, at every depth, with the same result', async () => {
  const page = { Component: () => null };
  const layout = vi.fn(async () => ({}));
  const faq = vi.fn(async () => page);
  const table: RouteObject[] = [{ id: 'root', lazy: layout, children: [{ path: 'faq', lazy: faq }, { path: 'about' }] }];
  const [root] = lazyInLaterTasks(table);
  const [wrappedFaq, about] = root!.children!;
  expect(about).toEqual({ path: 'about' });
  const loading = (wrappedFaq!.lazy as () => Promise<unknown>)();
  // Not yet: the import waits for the task the router was made in to end.
  expect(faq).not.toHaveBeenCalled();
  expect(await loading).toBe(page);
  expect(faq).toHaveBeenCalledTimes(1);
  expect(layout).not.toHaveBeenCalled();
  // The table it was given is left as it was.
  expect(table[0]!.children![0]!.lazy).toBe(faq);
});
