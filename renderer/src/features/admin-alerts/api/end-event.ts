import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndEventInput } from '@shared/contracts/alerts';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/events/:id/end: a current event ended by staff, with why (members read it). The event and the list are read again. */
export function useEndEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ending: EndEventInput) => callEndpoint(endpoints.endEvent, { params: { id }, body: ending }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'alerts'] }),
  });
}
