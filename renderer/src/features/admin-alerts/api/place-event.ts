import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceEventInput } from '@shared/contracts/alerts';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/events/:id/place: a warning named only by districts without a boundary, placed on districts picked or an area drawn. */
export function usePlaceEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (placing: PlaceEventInput) => callEndpoint(endpoints.placeEvent, { params: { id }, body: placing }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'alerts'] }),
  });
}
