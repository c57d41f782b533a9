import { useMutation } from '@tanstack/react-query';
import { xeroConnectResponseSchema } from '@shared/contracts/xero';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/xero/connect: Xero's consent address, which the page then opens; nothing cached changes until Xero sends the administrator back. */
export function useConnectXero() {
  return useMutation({ mutationFn: () => apiRequest('POST', '/api/admin/xero/connect', { schema: xeroConnectResponseSchema }) });
}
