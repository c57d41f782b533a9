import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SoilSampleInput } from '@shared/contracts/soil';
import { soilEndpoints as endpoints } from '@shared/endpoints/soil';
import { callEndpoint } from '../../../../lib/api-client';
import { type RecordScope, scopeKey } from '../../../../api/scope';

/** POST /api/user/soil-samples: a result for one of the member's paddocks; their soil results are read again. */
export function useAddSoilResult(scope: RecordScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SoilSampleInput) => callEndpoint(endpoints.addMemberSample, { query: { memberId: scope.memberId }, body: input }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [...scopeKey(scope), 'soil'] });
    },
  });
}
