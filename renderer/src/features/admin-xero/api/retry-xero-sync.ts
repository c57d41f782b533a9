import { useMutation, useQueryClient } from '@tanstack/react-query';
import { xeroSyncItemResponseSchema } from '@shared/contracts/xero';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/xero/syncs/:id/retry: the item waits again, and the counts move. */
export function useRetryXeroSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/xero/syncs/${encodeURIComponent(id)}/retry`, { schema: xeroSyncItemResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'xero'] }),
  });
}
