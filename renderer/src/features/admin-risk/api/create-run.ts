import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RunInput } from '@shared/contracts/risk-simulation';
import { riskSimulationEndpoints as endpoints } from '@shared/endpoints/risk-simulation';
import { callEndpoint } from '../../../lib/api-client';
import { runQueryOptions } from './get-run';

/** POST /api/admin/risk/runs: saves an event, or starts a season in the server's worker. */
export function useCreateRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RunInput) => callEndpoint(endpoints.createRun, { body: input }),
    onSuccess: async (response) => {
      client.setQueryData(runQueryOptions(response.run.id).queryKey, response);
      await client.invalidateQueries({ queryKey: ['admin', 'risk', 'runs'] });
    },
  });
}
