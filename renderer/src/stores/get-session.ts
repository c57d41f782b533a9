import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { OUTAGE_MESSAGES } from '@shared/contracts/api-error';
import { signInEndpoints } from '@shared/endpoints/sign-in';
import { ApiRequestError, callEndpoint } from '../lib/api-client';
import { toClientUser, useSessionStore } from './session-store';

/** What one read of the session found: whether the page counts someone as signed in, and, when the server could not say, the sentence to show. */
export interface SessionRead {
  signedIn: boolean;
  /** Set when the server is away or out of reach (no answer, or 502–504): nobody is known to be signed out. */
  unavailable?: string;
}

/** The sentence of the last read the server could not answer, until one is answered: the guards ask again while it stands. */
let unansweredSince: string | undefined;

function unavailableSentence(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.isNetworkError) return error.message;
  if (error.status < 502 || error.status > 504) return undefined;
  // A gateway's own 502–504 page carries no sentence of ours.
  return error.code === 'http_error' ? OUTAGE_MESSAGES.redis : error.message;
}

/**
 * GET /api/auth/session: the server's view of the session, handed to the session store (which
 * keeps the client's own state: support-mode notes, the debug log, local permissions). Only an
 * answer without a user signs a page out. A read that fails leaves whoever this page had signed in
 * as they were, so a blip (Redis or the database away, a deploy) never sends them to sign-in; a
 * first read that fails counts as signed out for the public pages, and when the server could not
 * say, the guards show its sentence instead of the sign-in page.
 */
async function fetchSession(): Promise<SessionRead> {
  const changesWhenAsked = useSessionStore.getState().changesHere;
  // A sign-in or sign-out made on this page while the read was on its way is newer than its answer.
  const overtaken = () => useSessionStore.getState().changesHere !== changesWhenAsked;
  const signedInHere = () => useSessionStore.getState().status === 'authenticated';
  try {
    const session = await callEndpoint(signInEndpoints.session);
    unansweredSince = undefined;
    if (overtaken()) return { signedIn: signedInHere() };
    useSessionStore.getState().sessionLoaded(session.user ? toClientUser(session.user) : null, session.user ? (session.supportMode ?? null) : null);
    return { signedIn: session.user !== undefined };
  } catch (error) {
    const store = useSessionStore.getState();
    store.log('session load failed', error instanceof Error ? error.message : undefined);
    unansweredSince = unavailableSentence(error);
    if (store.status === 'loading' && !overtaken()) store.sessionLoaded(null);
    return { signedIn: signedInHere(), ...(unansweredSince === undefined ? {} : { unavailable: unansweredSince }) };
  }
}

/**
 * Loaded once when the first component asks, then again whenever the window regains focus (docs/behaviour.md §7
 * 'Session is refetched on window focus by default'): another tab may have signed out or ended
 * support mode. Pages mounting later read the store rather than asking again.
 */
export const sessionQueryOptions = () => queryOptions({ queryKey: ['session'], queryFn: fetchSession, staleTime: 0, refetchOnWindowFocus: true, refetchOnMount: false, retry: false });

export const useSessionQuery = () => useQuery(sessionQueryOptions());

/**
 * Reads the session again now, after a sign-in through the sign-in service (which sets only the
 * cookie): a new read, since one already on its way was sent before the sign-in (its answer is set
 * aside once the caller has marked the sign-in in the store, as `loginStarted` does).
 */
export async function refetchSession(queryClient: QueryClient): Promise<SessionRead> {
  const options = sessionQueryOptions();
  await queryClient.cancelQueries({ queryKey: options.queryKey });
  return queryClient.fetchQuery({ ...options, staleTime: 0 });
}

/**
 * The session as the route guards decide by: read once, through the session query, and read again
 * while the last read could not say (so the outage screen's Try again asks the server again).
 */
export async function ensureSessionLoaded(queryClient: QueryClient): Promise<SessionRead> {
  const options = sessionQueryOptions();
  if (useSessionStore.getState().status === 'loading') return queryClient.ensureQueryData(options);
  if (unansweredSince !== undefined) return queryClient.fetchQuery({ ...options, staleTime: 0 });
  return { signedIn: useSessionStore.getState().status === 'authenticated' };
}
