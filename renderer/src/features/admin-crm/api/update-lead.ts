import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { leadUpdateSchema } from '@shared/contracts/crm';
import { crmEndpoints as endpoints } from '@shared/endpoints/crm';
import { callEndpoint } from '../../../lib/api-client';
import { leadQueryOptions } from './get-lead';

/** PATCH /api/admin/crm/leads/:id: the detail is the answer; the list and the conversion figures may have changed. */
export function useUpdateLead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof leadUpdateSchema>) => callEndpoint(endpoints.update, { params: { id }, body: input }),
    onSuccess: async (detail) => {
      client.setQueryData(leadQueryOptions(id).queryKey, detail);
      await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'crm', 'leads'] }), client.invalidateQueries({ queryKey: ['admin', 'crm', 'conversion'] })]);
    },
  });
}
