import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { leadListResponseSchema } from '@shared/contracts/crm';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export interface LeadFilters {
  stage: string;
  source: string;
  owner: string;
  search: string;
  due: string;
  page: number;
}

/** GET /api/admin/crm/leads: one page of the pipeline, newest leads first, with the stage counts and the staff who may own a lead. */
export const leadsQueryOptions = (filters: LeadFilters) =>
  queryOptions({
    queryKey: ['admin', 'crm', 'leads', filters],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/crm/leads', { ...filters }), { schema: leadListResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useLeads = (filters: LeadFilters) => useQuery(leadsQueryOptions(filters));
