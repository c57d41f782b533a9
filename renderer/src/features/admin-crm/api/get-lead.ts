import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadDetailResponseSchema } from '@shared/contracts/crm';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/crm/leads/:id: a lead and its history. */
export const leadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'crm', 'lead', id],
    queryFn: () => apiRequest('GET', `/api/admin/crm/leads/${encodeURIComponent(id)}`, { schema: leadDetailResponseSchema }),
  });

export const useLead = (id: string) => useQuery(leadQueryOptions(id));
