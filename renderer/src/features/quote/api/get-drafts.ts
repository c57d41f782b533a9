import { queryOptions } from '@tanstack/react-query';
import { quoteEndpoints } from '@shared/endpoints/quotes';
import { callEndpoint } from '../../../lib/api-client';

/**
 * GET /api/user/drafts?userId=: the drafts of the person whose quote it is (the member, a broker's
 * client, the customer in support mode). The wizard's saves and deletions keep this list current
 * (save-quote-draft.ts, delete-draft.ts, update-draft-status.ts).
 */
export const draftsQueryOptions = (ownerId: string) =>
  queryOptions({
    queryKey: ['drafts', ownerId],
    queryFn: () => callEndpoint(quoteEndpoints.drafts, { query: { userId: ownerId } }).then((response) => response.drafts),
    enabled: ownerId !== '',
  });
