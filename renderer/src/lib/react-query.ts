import { focusManager, hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

/** A refusal (4xx) will answer the same again; a network failure or a server fault may not. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isRefusal(error) && failureCount < 2;
}

/**
 * The one cache of server data in the renderer: every feature reads through query
 * options in its `api/` folder and invalidates what its mutations change. Window-focus refetch is
 * off by default and switched on where the SPEC asks for it (the session, docs/behaviour.md §7).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * The window's focus counts as well as its becoming visible (the library's own signal): the docs/behaviour.md §7
 * session refetch follows next-auth, which listens for focus, and a desktop window switched to
 * with Alt-Tab was never hidden.
 */
focusManager.setEventListener((handleFocus) => {
  if (typeof window === 'undefined') return undefined;
  const refocused = () => handleFocus();
  window.addEventListener('visibilitychange', refocused);
  window.addEventListener('focus', refocused);
  return () => {
    window.removeEventListener('visibilitychange', refocused);
    window.removeEventListener('focus', refocused);
  };
});

/** A load that failed, as a page shows it: what went wrong, and the way to ask again. */
export interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
}

/** What a failed load says to a person: the server's own sentence, else a plain one. */
export function failureMessage(error: unknown, fallback = 'This could not be loaded. Check your connection and try again.'): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}

/** A list's query key without the page it asks for (the `page` of its last part). */
const listOf = (key: QueryKey): QueryKey => key.map((part, index) => (index === key.length - 1 && typeof part === 'object' && part !== null ? { ...part, page: undefined } : part));

/**
 * A paged list's query: what it shows while it loads (placeholderData) follows from its key. The
 * rows on screen stay while another page of the same search and filters loads; a new search or
 * filter shows none of the last answer's, which would be read as its answer and move under the
 * pointer as it lands.
 */
export const pagedList = <Options extends { queryKey: QueryKey }>(options: Options) => ({
  ...options,
  placeholderData: <Data>(previous: Data | undefined, previousQuery: { queryKey: QueryKey } | undefined): Data | undefined =>
    previousQuery !== undefined && hashKey(listOf(previousQuery.queryKey)) === hashKey(listOf(options.queryKey)) ? previous : undefined,
});
