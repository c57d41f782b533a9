import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../../lib/api-client';
import { myAlertsQueryOptions } from './get-alerts';

/** POST /api/user/alerts/:id/read: the member has seen the alert; the list (and its unread count) is stale. */
export function useMarkAlertRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => callEndpoint(endpoints.markRead, { params: { id: alertId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: myAlertsQueryOptions().queryKey }),
  });
}
