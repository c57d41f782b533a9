import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../lib/api-client';
import { supportRequestChanged } from './update-support-request';

/** POST /api/admin/support-requests/:id/notes: an internal note, never shown to the member. */
export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: { body: string }) => callEndpoint(endpoints.addNote, { params: { id }, body: note }),
    onSuccess: ({ request }) => supportRequestChanged(client, request),
  });
}
