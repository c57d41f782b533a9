import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DrawnEventForm, ingestResultSchema } from '@shared/contracts/alerts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/events/drawn: an event staff drew on the map for a report by phone; stored, matched and e-mailed like any other. */
export function usePostDrawnEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (event: DrawnEventForm) => apiRequest('POST', '/api/admin/events/drawn', { body: event, schema: ingestResultSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'alerts'] }),
  });
}
