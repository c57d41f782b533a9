import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users: one page of the accounts matching a search, newest first. */
export const usersQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'users', { search, page }],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/users', { search, page, pageSize: USERS_PAGE_SIZE }), { schema: adminUsersResponseSchema }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users?role=broker: the choices of a client's broker of record. */
export const brokersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'users', 'brokers'],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/users', { role: 'broker', pageSize: 100 }), { schema: adminUsersResponseSchema }),
  });

export const useUsers = (search: string, page: number) => useQuery(usersQueryOptions(search, page));
export const useBrokers = () => useQuery(brokersQueryOptions());
