import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberAlertResponseSchema } from '@shared/contracts/alerts';
import { apiRequest } from '../../../../lib/api-client';
import { myAlertsQueryOptions } from './get-alerts';

/** POST /api/user/alerts/:id/read: the member has seen the alert; the list (and its unread count) is stale. */
export function useMarkAlertRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => apiRequest('POST', `/api/user/alerts/${encodeURIComponent(alertId)}/read`, { schema: memberAlertResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: myAlertsQueryOptions().queryKey }),
  });
}
