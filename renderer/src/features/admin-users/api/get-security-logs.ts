import { queryOptions, useQuery } from '@tanstack/react-query';
import { SECURITY_EVENT_TYPES } from '@shared/contracts/accounts';
import { staffAccountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../../../lib/api-client';
import { oneOf } from '../../../lib/query-string';
import { pagedList } from '../../../lib/react-query';

export const SECURITY_LOG_PAGE_SIZE = 25;

export interface SecurityLogFilters {
  type?: string | undefined;
  email?: string | undefined;
  userId?: string | undefined;
  /** Instants, as the API wants them. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

/** GET /api/admin/security-logs: one page of security events matching the filters, newest first. */
export const securityLogsQueryOptions = (filters: SecurityLogFilters) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'security-logs', filters],
      queryFn: () => callEndpoint(staffAccountEndpoints.securityLog, { query: { ...filters, type: oneOf(SECURITY_EVENT_TYPES, filters.type ?? ''), pageSize: SECURITY_LOG_PAGE_SIZE } }),
    }),
  );

export const useSecurityLogs = (filters: SecurityLogFilters) => useQuery(securityLogsQueryOptions(filters));
