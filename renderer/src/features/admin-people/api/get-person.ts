import { queryOptions, useQuery } from '@tanstack/react-query';
import { peopleEndpoints as endpoints } from '@shared/endpoints/people';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/user-lookup/:userId: everything held of one person. */
export const personQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'people', 'person', userId],
    queryFn: () => callEndpoint(endpoints.person, { params: { userId } }),
  });

export const usePerson = (userId: string) => useQuery(personQueryOptions(userId));
