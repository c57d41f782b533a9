import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SoilSampleInput, soilSampleResponseSchema } from '@shared/contracts/soil';
import { apiRequest } from '../../../../lib/api-client';
import { type RecordScope, scopedPath, scopeKey } from '../../api/scope';

/** POST /api/user/soil-samples: a result for one of the member's paddocks; their soil results are read again. */
export function useAddSoilResult(scope: RecordScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SoilSampleInput) => apiRequest('POST', scopedPath('/api/user/soil-samples', scope.memberId), { body: input, schema: soilSampleResponseSchema }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [...scopeKey(scope), 'soil'] });
    },
  });
}
