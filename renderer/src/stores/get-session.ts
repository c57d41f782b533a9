import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { signInEndpoints } from '@shared/endpoints/sign-in';
import { callEndpoint } from '../lib/api-client';
import { toClientUser, useSessionStore } from './session-store';

/**
 * GET /api/auth/session: the server's view of the session, handed to the session store (which
 * keeps the client's own state: support-mode notes, the debug log, local permissions). A failure
 * counts as signed out. Answers whether someone is signed in.
 */
async function fetchSession(): Promise<boolean> {
  const store = useSessionStore.getState();
  try {
    const session = await callEndpoint(signInEndpoints.session);
    store.sessionLoaded(session.user ? toClientUser(session.user) : null, session.user ? (session.supportMode ?? null) : null);
    return session.user !== undefined;
  } catch (error) {
    store.log('session load failed', error instanceof Error ? error.message : undefined);
    store.sessionLoaded(null);
    return false;
  }
}

/**
 * Loaded once when the first component asks, then again whenever the window regains focus (docs/behaviour.md §7
 * 'Session is refetched on window focus by default'): another tab may have signed out or ended
 * support mode. Pages mounting later read the store rather than asking again.
 */
export const sessionQueryOptions = () => queryOptions({ queryKey: ['session'], queryFn: fetchSession, staleTime: 0, refetchOnWindowFocus: true, refetchOnMount: false, retry: false });

export const useSessionQuery = () => useQuery(sessionQueryOptions());

/** Reads the session again now (after a sign-in through the sign-in service, which sets only the cookie). */
export const refetchSession = (queryClient: QueryClient) => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });

/** Resolves once the store knows whether someone is signed in, through the session query (the route guards wait on it). */
export async function ensureSessionLoaded(queryClient: QueryClient): Promise<void> {
  if (useSessionStore.getState().status === 'loading') await queryClient.ensureQueryData(sessionQueryOptions());
}
