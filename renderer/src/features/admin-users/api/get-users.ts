import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffAccountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../../../lib/api-client';
import { pagedList } from '../../../lib/react-query';

export const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users: one page of the accounts matching a search, newest first. */
export const usersQueryOptions = (search: string, page: number) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'users', { search, page }],
      queryFn: () => callEndpoint(staffAccountEndpoints.users, { query: { search: search || undefined, page, pageSize: USERS_PAGE_SIZE } }),
    }),
  );

/** GET /api/admin/users?role=broker: the choices of a client's broker of record. */
export const brokersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'users', 'brokers'],
    queryFn: () => callEndpoint(staffAccountEndpoints.users, { query: { role: 'broker', pageSize: 100 } }),
  });

export const useUsers = (search: string, page: number) => useQuery(usersQueryOptions(search, page));
export const useBrokers = () => useQuery(brokersQueryOptions());
