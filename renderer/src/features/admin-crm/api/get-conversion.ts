import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { leadConversionResponseSchema } from '@shared/contracts/crm';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** GET /api/admin/crm/leads/conversion: the period's leads by source and by referrer (the last 90 days without dates). */
export const conversionQueryOptions = (period: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['admin', 'crm', 'conversion', period],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/crm/leads/conversion', period), { schema: leadConversionResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useConversion = (period: { from: string; to: string }) => useQuery(conversionQueryOptions(period));
