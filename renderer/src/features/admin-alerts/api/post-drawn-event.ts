import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DrawnEventForm } from '@shared/contracts/alerts';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/events/drawn: an event staff drew on the map for a report by phone; stored, matched and e-mailed like any other. */
export function usePostDrawnEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (event: DrawnEventForm) => callEndpoint(endpoints.drawnEvent, { body: event }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'alerts'] }),
  });
}
