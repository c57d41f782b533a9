import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../../lib/api-client';
import type { RecordScope } from '../../../../api/scope';
import { alertsQueryOptions } from './get-alerts';

/** POST /api/user/alerts/:id/read: the member has seen their alert; their list (and its unread count) is stale. */
export function useMarkAlertRead(scope: RecordScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => callEndpoint(endpoints.markRead, { params: { id: alertId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertsQueryOptions(scope).queryKey }),
  });
}
