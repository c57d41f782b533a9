import { useMutation, useQueryClient } from '@tanstack/react-query';
import { xeroSyncItemResponseSchema } from '@shared/contracts/xero';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/xero/test-invoice: a new item in the sync log. */
export function useSendTestInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/xero/test-invoice', { schema: xeroSyncItemResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'xero'] }),
  });
}
