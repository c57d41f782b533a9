import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type SupportRequestDetail, supportRequestDetailResponseSchema, type supportRequestUpdateSchema } from '@shared/contracts/support-requests';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { supportRequestQueryOptions } from './get-support-request';

/** A changed request: its detail is the answer; the list and the badge's count are stale. */
export async function supportRequestChanged(client: QueryClient, request: SupportRequestDetail) {
  client.setQueryData(supportRequestQueryOptions(request.id).queryKey, { request });
  await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'support-requests', 'list'] }), client.invalidateQueries({ queryKey: ['admin', 'support-requests', 'count'] })]);
}

/** PATCH /api/admin/support-requests/:id: assign it, move its status. */
export function useUpdateSupportRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: z.input<typeof supportRequestUpdateSchema>) =>
      apiRequest('PATCH', `/api/admin/support-requests/${encodeURIComponent(id)}`, { body: change, schema: supportRequestDetailResponseSchema }),
    onSuccess: ({ request }) => supportRequestChanged(client, request),
  });
}
