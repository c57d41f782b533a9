import type { RouteObject } from 'react-router';
import { nextTask } from '../lib/next-task';

/**
 * The route table with each lazily loaded route's import started in a task of its own. Making the
 * router matches the address and starts the matched pages' imports at once, and Vite's loader adds
 * a preload link for every chunk it needs as it does: on a slow phone the two made one long task.
 */
export function lazyInLaterTasks(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const later = typeof lazy === 'function' ? { lazy: async () => (await nextTask(), lazy()) } : {};
    return { ...route, ...later, ...(children ? { children: lazyInLaterTasks(children) } : {}) } as RouteObject;
  });
}
