import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { securityEventsResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

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
  queryOptions({
    queryKey: ['admin', 'security-logs', filters],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/security-logs', { ...filters, pageSize: SECURITY_LOG_PAGE_SIZE }), { schema: securityEventsResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useSecurityLogs = (filters: SecurityLogFilters) => useQuery(securityLogsQueryOptions(filters));
