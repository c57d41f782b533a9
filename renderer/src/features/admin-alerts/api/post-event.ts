import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ingestResultSchema } from '@shared/contracts/alerts';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/admin/events with the message's text in the form field `message` (CAP XML or GeoJSON,
 * told apart by the server): a warning staff have when the feeds cannot be reached. The list is
 * read again; an event already open shows its new state when it is opened next.
 */
export function usePostEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => {
      const form = new FormData();
      form.set('message', message);
      return apiRequest('POST', '/api/admin/events', { form, schema: ingestResultSchema });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'alerts'] }),
  });
}
