import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskSimulationEndpoints as endpoints } from '@shared/endpoints/risk-simulation';
import { callEndpoint } from '../../../lib/api-client';
import { exposureQueryOptions } from './get-exposure';

/** PUT /api/admin/risk/reserve: the reserve set against the next season runs (saved runs keep theirs). */
export function useUpdateReserve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reserveCents: number) => callEndpoint(endpoints.reserve, { body: { reserveCents } }),
    onSuccess: ({ reserveCents }) => {
      client.setQueryData(exposureQueryOptions().queryKey, (current) => (current ? { ...current, reserveCents } : current));
    },
  });
}
