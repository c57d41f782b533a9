import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskSimulationEndpoints as endpoints } from '@shared/endpoints/risk-simulation';
import { callEndpoint } from '../../../lib/api-client';
import { runQueryOptions } from './get-run';

/** POST /api/admin/risk/runs/:id/cancel: stops a running season. */
export function useCancelRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.cancelRun, { params: { id } }),
    onSuccess: async (response) => {
      client.setQueryData(runQueryOptions(response.run.id).queryKey, response);
      await client.invalidateQueries({ queryKey: ['admin', 'risk', 'runs'] });
    },
  });
}
