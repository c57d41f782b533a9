import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createReferrerResponseSchema, type createReferrerRequestSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/referrers: a partner account; the list of referrers gains it. */
export function useCreateReferrer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createReferrerRequestSchema>) => apiRequest('POST', '/api/admin/referrers', { body: input, schema: createReferrerResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'referrers'] }),
  });
}
