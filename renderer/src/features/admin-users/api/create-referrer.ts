import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createReferrerRequestSchema } from '@shared/contracts/accounts';
import { staffAccountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/referrers: a partner account; the list of referrers gains it. */
export function useCreateReferrer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createReferrerRequestSchema>) => callEndpoint(staffAccountEndpoints.createReferrer, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'referrers'] }),
  });
}
