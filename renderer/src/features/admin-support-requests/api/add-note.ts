import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportRequestDetailResponseSchema } from '@shared/contracts/support-requests';
import { apiRequest } from '../../../lib/api-client';
import { supportRequestChanged } from './update-support-request';

/** POST /api/admin/support-requests/:id/notes: an internal note, never shown to the member. */
export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: { body: string }) => apiRequest('POST', `/api/admin/support-requests/${encodeURIComponent(id)}/notes`, { body: note, schema: supportRequestDetailResponseSchema }),
    onSuccess: ({ request }) => supportRequestChanged(client, request),
  });
}
