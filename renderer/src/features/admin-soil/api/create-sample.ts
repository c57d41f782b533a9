import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SoilSampleInput, soilSampleResponseSchema } from '@shared/contracts/soil';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/soil-samples: staff enter a sample for the member's paddock; the list and that member's map refresh. */
export function useCreateSample(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SoilSampleInput) => apiRequest('POST', '/api/admin/soil-samples', { body: { memberId, ...input }, schema: soilSampleResponseSchema }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'soil', 'samples'] }), client.invalidateQueries({ queryKey: ['admin', 'soil', 'farm', memberId] })]);
    },
  });
}
