import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runResponseSchema } from '@shared/contracts/risk-simulation';
import { apiRequest } from '../../../lib/api-client';
import { runQueryOptions } from './get-run';

/** POST /api/admin/risk/runs/:id/cancel: stops a running season. */
export function useCancelRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/risk/runs/${encodeURIComponent(id)}/cancel`, { schema: runResponseSchema }),
    onSuccess: async (response) => {
      client.setQueryData(runQueryOptions(response.run.id).queryKey, response);
      await client.invalidateQueries({ queryKey: ['admin', 'risk', 'runs'] });
    },
  });
}
