import { queryOptions } from '@tanstack/react-query';
import { draftsApi } from '../stores/drafts-api';

/**
 * GET /api/user/drafts?userId=: a member's drafts, read outside the wizard (the support bar's
 * 'Their quote' resumes the newest). The wizard keeps its own list in the draft store and changes
 * it without this cache, so it is read again whenever a page that shows it opens.
 */
export const memberDraftsQueryOptions = (viewerId: string, memberId: string) =>
  queryOptions({
    queryKey: ['member-drafts', viewerId, memberId],
    queryFn: () => draftsApi.list(memberId),
    enabled: viewerId !== '' && memberId !== '',
    staleTime: 0,
  });
