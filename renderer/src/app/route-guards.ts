import { useEffect } from 'react';
import type { LoaderFunctionArgs, NonIndexRouteObject, RouteObject } from 'react-router';
import { matchRoutes, useMatches, useRevalidator } from 'react-router';
import { SESSION_PATH } from '@shared/constants';
import { askEarly } from '../lib/api-client';

/** Who may open a group of pages (docs/behaviour.md §6, docs/authorization.md). */
export type Role = 'signed-in' | 'support-staff' | 'administrator';

/** The status a guard answers a signed-in person without the role with; the admin area shows it as Access Denied. */
export const FORBIDDEN = 403;

/**
 * The guard of a group of pages that need `role`, as a route's loader. It waits for the session
 * query's first answer, sends a visitor to sign-in with error=SessionRequired and a callbackUrl back
 * to this address (replacing it in the history, so Back does not bounce), and refuses anyone else
 * with a 403 for the nearest error element (access-check.ts, loaded with the first guarded page so
 * public pages do not carry the session code). The server checks every call again; this only
 * decides what is shown.
 *
 * A guard runs when its group is entered and when the session changes (useGuardsFollowSession),
 * not on moves inside the group: a page that puts its filters in the address should not wait for a
 * guard, nor show the full-screen loader, on every search.
 */
export function guard(role: Role): Pick<NonIndexRouteObject, 'loader' | 'shouldRevalidate' | 'handle'> {
  return {
    handle: GUARDED,
    loader: async (args: LoaderFunctionArgs) => (await import('./access-check')).checkAccess(role, args),
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) => currentUrl.href === nextUrl.href && defaultShouldRevalidate,
  };
}

/** The mark a guarded route carries, so the root knows when there is a guard to follow the session for. */
const GUARDED = { guarded: true };

/**
 * A page opened at a guarded address asks who is signed in at once, while its guard's code (and the
 * session's) is still on its way: the guard's first read takes that answer (askEarly). A public page
 * asks nothing it may not need.
 */
export function askForSessionIfGuarded(routes: RouteObject[], pathname: string): void {
  if (matchRoutes(routes, pathname)?.some((match) => match.route.handle === GUARDED)) askEarly(SESSION_PATH);
}

/**
 * Loaders run on navigation; the session can change without one (signed out in another tab and
 * noticed on focus, a role granted). Re-running the guards then redirects or refuses as a fresh
 * visit would. The first load (from 'loading') is the guards' own, so it is not followed. Only a
 * guarded page follows it: a public page has no guard to run again.
 */
export function useGuardsFollowSession(): void {
  const { revalidate } = useRevalidator();
  const guarded = useMatches().some((match) => match.handle === GUARDED);
  useEffect(() => {
    if (!guarded) return undefined;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./access-check').then(({ onAccessChange }) => {
      if (!stopped) stop = onAccessChange(() => void revalidate());
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [revalidate, guarded]);
}
