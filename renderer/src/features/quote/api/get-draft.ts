import { queryOptions } from '@tanstack/react-query';
import { draftResponseSchema } from '@shared/contracts/drafts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/drafts/{id}: one draft with its data, read afresh each time it is opened (another tab or device may have saved it since). */
export const draftQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['draft', id],
    queryFn: () => apiRequest('GET', `/api/user/drafts/${encodeURIComponent(id)}`, { schema: draftResponseSchema }).then((response) => response.draft),
    staleTime: 0,
  });
