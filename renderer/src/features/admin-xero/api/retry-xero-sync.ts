import { useMutation, useQueryClient } from '@tanstack/react-query';
import { xeroEndpoints as endpoints } from '@shared/endpoints/xero';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/xero/syncs/:id/retry: the item waits again, and the counts move. */
export function useRetryXeroSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.retrySync, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'xero'] }),
  });
}
