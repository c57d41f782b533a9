import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { farmPaddocksInputSchema } from '@shared/contracts/dashboard';
import { farmEndpoints } from '@shared/endpoints/farm';
import { callEndpoint } from '../../../lib/api-client';
import { clientsQueryOptions } from './get-clients';
import { farmQueryOptions } from './get-farm';
import type { RecordScope } from '../../../api/scope';

/** PUT /api/farm/paddocks: the whole farm at once. The farm query takes the saved copy; a broker's client cards (farm size) are read again. */
export function useSaveFarm(scope: RecordScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (farm: z.input<typeof farmPaddocksInputSchema>) => callEndpoint(farmEndpoints.savePaddocks, { query: { memberId: scope.memberId }, body: farm }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(farmQueryOptions(scope).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: clientsQueryOptions(scope.viewerId, true).queryKey });
    },
  });
}
