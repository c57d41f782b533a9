import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SupportRequestDetail, supportRequestUpdateSchema } from '@shared/contracts/support-requests';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../lib/api-client';
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
    mutationFn: (change: z.input<typeof supportRequestUpdateSchema>) => callEndpoint(endpoints.update, { params: { id }, body: change }),
    onSuccess: ({ request }) => supportRequestChanged(client, request),
  });
}
