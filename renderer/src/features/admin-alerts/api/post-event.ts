import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

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
      return callEndpoint(endpoints.postEvent, { form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'alerts'] }),
  });
}
