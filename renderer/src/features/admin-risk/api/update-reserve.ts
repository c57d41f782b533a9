import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reserveResponseSchema } from '@shared/contracts/risk-simulation';
import { apiRequest } from '../../../lib/api-client';
import { exposureQueryOptions } from './get-exposure';

/** PUT /api/admin/risk/reserve: the reserve set against the next season runs (saved runs keep theirs). */
export function useUpdateReserve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reserveCents: number) => apiRequest('PUT', '/api/admin/risk/reserve', { body: { reserveCents }, schema: reserveResponseSchema }),
    onSuccess: ({ reserveCents }) => {
      client.setQueryData(exposureQueryOptions().queryKey, (current) => (current ? { ...current, reserveCents } : current));
    },
  });
}
