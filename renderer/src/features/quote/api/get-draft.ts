import { queryOptions } from '@tanstack/react-query';
import { quoteEndpoints } from '@shared/endpoints/quotes';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/user/drafts/{id}: one draft with its data, read afresh each time it is opened (another tab or device may have saved it since). */
export const draftQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['draft', id],
    queryFn: () => callEndpoint(quoteEndpoints.draft, { params: { id } }).then((response) => response.draft),
    staleTime: 0,
  });
