import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { XeroTenantInput } from '@shared/contracts/xero';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/admin/xero/tenant: the connection's organisation changes. */
export function useChooseXeroTenant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: XeroTenantInput) => apiRequest('PUT', '/api/admin/xero/tenant', { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'xero'] }),
  });
}
