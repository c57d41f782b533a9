import { useMutation } from '@tanstack/react-query';
import { xeroEndpoints as endpoints } from '@shared/endpoints/xero';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/xero/connect: Xero's consent address, which the page then opens; nothing cached changes until Xero sends the administrator back. */
export function useConnectXero() {
  return useMutation({ mutationFn: () => callEndpoint(endpoints.connect) });
}
