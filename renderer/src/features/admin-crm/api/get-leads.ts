import { queryOptions, useQuery } from '@tanstack/react-query';
import { crmEndpoints as endpoints } from '@shared/endpoints/crm';
import { callEndpoint, endpointUrl } from '../../../lib/api-client';
import { pagedList } from '../../../lib/react-query';

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
  queryOptions(
    pagedList({
      queryKey: ['admin', 'crm', 'leads', filters],
      queryFn: () => callEndpoint(endpoints.list, { query: { ...filters } }),
    }),
  );

export const useLeads = (filters: LeadFilters) => useQuery(leadsQueryOptions(filters));

/** GET /api/admin/crm/leads.csv: every lead the filters keep, as a file. */
export const leadsCsvPath = ({ page: _page, ...filters }: LeadFilters) => endpointUrl(endpoints.exportCsv, { query: filters });
