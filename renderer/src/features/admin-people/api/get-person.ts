import { queryOptions, useQuery } from '@tanstack/react-query';
import { personDetailSchema } from '@shared/contracts/people';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/user-lookup/:userId: everything held of one person. */
export const personQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'people', 'person', userId],
    queryFn: () => apiRequest('GET', `/api/admin/user-lookup/${encodeURIComponent(userId)}`, { schema: personDetailSchema }),
  });

export const usePerson = (userId: string) => useQuery(personQueryOptions(userId));
