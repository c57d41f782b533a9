import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEventResponseSchema, type PlaceEventInput } from '@shared/contracts/alerts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/events/:id/place: a warning named only by districts without a boundary, placed on districts picked or an area drawn. */
export function usePlaceEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (placing: PlaceEventInput) => apiRequest('POST', `/api/admin/events/${encodeURIComponent(id)}/place`, { body: placing, schema: adminEventResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'alerts'] }),
  });
}
