import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { crmEndpoints as endpoints } from '@shared/endpoints/crm';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/crm/leads/conversion: the period's leads by source and by referrer (the last 90 days without dates). */
export const conversionQueryOptions = (period: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['admin', 'crm', 'conversion', period],
    queryFn: () => callEndpoint(endpoints.conversion, { query: period }),
    placeholderData: keepPreviousData,
  });

export const useConversion = (period: { from: string; to: string }) => useQuery(conversionQueryOptions(period));
