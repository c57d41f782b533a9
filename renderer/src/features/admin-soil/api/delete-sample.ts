import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SoilSampleView } from '@shared/contracts/soil';
import { soilEndpoints as endpoints } from '@shared/endpoints/soil';
import { callEndpoint } from '../../../lib/api-client';

/** DELETE /api/admin/soil-samples/:id; the list and the member's map refresh. */
export function useDeleteSample() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sample: SoilSampleView) => callEndpoint(endpoints.deleteSample, { params: { id: sample.id } }),
    onSuccess: async (_answer, sample) => {
      await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'soil', 'samples'] }), client.invalidateQueries({ queryKey: ['admin', 'soil', 'farm', sample.memberId] })]);
    },
  });
}
