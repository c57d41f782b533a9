import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SoilSampleView } from '@shared/contracts/soil';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/admin/soil-samples/:id; the list and the member's map refresh. */
export function useDeleteSample() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sample: SoilSampleView) => apiRequest('DELETE', `/api/admin/soil-samples/${encodeURIComponent(sample.id)}`),
    onSuccess: async (_answer, sample) => {
      await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'soil', 'samples'] }), client.invalidateQueries({ queryKey: ['admin', 'soil', 'farm', sample.memberId] })]);
    },
  });
}
