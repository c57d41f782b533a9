import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

/**
 * POST /api/admin/events/:id/confirm or …/withdraw: staff's decision on an event held for covering
 * more ground than any storm or fire. The event and the list are read again.
 */
export function useDecideHeldEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'confirm' | 'withdraw') => callEndpoint(decision === 'confirm' ? endpoints.confirmEvent : endpoints.withdrawEvent, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'alerts'] }),
  });
}
