import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';

/** The query caches rendered in the current test (by renderWithProviders). */
const rendered = new Set<QueryClient>();

export const trackQueryClient = (client: QueryClient) => void rendered.add(client);

/**
 * Waits until no query or mutation of the caches rendered in this test is under way, then forgets
 * them: a test that ends while its page still loads has its calls answered (or refused) within it,
 * not in the next test. Run after each test by setup.ts; it fails if a call is still unanswered.
 */
export async function settleQueryClients(): Promise<void> {
  const clients = [...rendered];
  rendered.clear();
  await vi.waitFor(() => {
    const busy = clients.reduce((count, client) => count + client.isFetching() + client.isMutating(), 0);
    if (busy > 0) throw new Error(`${busy} queries or mutations of the page were still under way after the test.`);
  });
}
