import { useMutation, useQueryClient } from '@tanstack/react-query';
import { xeroEndpoints as endpoints } from '@shared/endpoints/xero';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/xero/test-invoice: a new item in the sync log. */
export function useSendTestInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(endpoints.testInvoice),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'xero'] }),
  });
}
