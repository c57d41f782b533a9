import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { XeroTenantInput } from '@shared/contracts/xero';
import { xeroEndpoints as endpoints } from '@shared/endpoints/xero';
import { callEndpoint } from '../../../lib/api-client';

/** PUT /api/admin/xero/tenant: the connection's organisation changes. */
export function useChooseXeroTenant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: XeroTenantInput) => callEndpoint(endpoints.chooseTenant, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'xero'] }),
  });
}
