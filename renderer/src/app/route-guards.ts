import { useEffect } from 'react';
import { data, type LoaderFunctionArgs, type NonIndexRouteObject, replace, useRevalidator } from 'react-router';
import { canEnterSupportMode, isAdministrator } from '@shared/domain/accounts/permissions';
import { queryClient } from '../lib/react-query';
import { ensureSessionLoaded } from '../stores/get-session';
import { type ClientUser, type SessionState, useSessionStore } from '../stores/session-store';
import { signInUrlFor } from '../stores/use-session';

/** Who may open a group of pages (SPEC §6, docs/authorization.md). */
export type Role = 'signed-in' | 'support-staff' | 'administrator';

const holdsRole: Record<Role, (user: ClientUser) => boolean> = {
  'signed-in': () => true,
  'support-staff': canEnterSupportMode,
  administrator: isAdministrator,
};

/** The status a guard answers a signed-in person without the role with; the admin area shows it as Access Denied. */
export const FORBIDDEN = 403;

/**
 * The guard of a group of pages that need `role`, as a route's loader. It waits for the session
 * query's first answer, sends a visitor to sign-in with error=SessionRequired and a callbackUrl back
 * to this address (replacing it in the history, so Back does not bounce), and refuses anyone else
 * with a 403 for the nearest error element. The server checks every call again; this only decides
 * what is shown.
 *
 * A guard runs when its group is entered and when the session changes (useGuardsFollowSession),
 * not on moves inside the group: a page that puts its filters in the address should not wait for a
 * guard, nor show the full-screen loader, on every search.
 */
export function guard(role: Role): Pick<NonIndexRouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    async loader({ request }: LoaderFunctionArgs): Promise<null> {
      await ensureSessionLoaded(queryClient);
      const { status, user } = useSessionStore.getState();
      if (status !== 'authenticated' || !user) {
        const { pathname, search } = new URL(request.url);
        throw replace(signInUrlFor(`${pathname}${search}`));
      }
      if (!holdsRole[role](user)) throw data(null, { status: FORBIDDEN });
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) => currentUrl.href === nextUrl.href && defaultShouldRevalidate,
  };
}

/** What the guards decide by: signed in or not, who, and the roles held. */
const accessOf = ({ status, user }: Pick<SessionState, 'status' | 'user'>) => [status, user?.id, isAdministrator(user), canEnterSupportMode(user)].join('|');

/**
 * Loaders run on navigation; the session can change without one (signed out in another tab and
 * noticed on focus, a role granted). Re-running the guards then redirects or refuses as a fresh
 * visit would. The first load (from 'loading') is the guards' own, so it is not followed.
 */
export function useGuardsFollowSession(): void {
  const { revalidate } = useRevalidator();
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.status !== 'loading' && accessOf(state) !== accessOf(previous)) void revalidate();
      }),
    [revalidate],
  );
}
