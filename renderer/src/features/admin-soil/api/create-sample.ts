import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SoilSampleInput } from '@shared/contracts/soil';
import { soilEndpoints as endpoints } from '@shared/endpoints/soil';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/soil-samples: staff enter a sample for the member's paddock; the list and that member's map refresh. */
export function useCreateSample(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SoilSampleInput) => callEndpoint(endpoints.createSample, { body: { memberId, ...input } }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'soil', 'samples'] }), client.invalidateQueries({ queryKey: ['admin', 'soil', 'farm', memberId] })]);
    },
  });
}
