import { queryOptions, useQuery } from '@tanstack/react-query';
import { crmEndpoints as endpoints } from '@shared/endpoints/crm';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/crm/leads/:id: a lead and its history. */
export const leadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'crm', 'lead', id],
    queryFn: () => callEndpoint(endpoints.detail, { params: { id } }),
  });

export const useLead = (id: string) => useQuery(leadQueryOptions(id));
