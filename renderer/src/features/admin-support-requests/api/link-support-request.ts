import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportRequestDetailResponseSchema } from '@shared/contracts/support-requests';
import { apiRequest } from '../../../lib/api-client';
import { supportRequestChanged } from './update-support-request';

/**
 * POST /api/admin/support-requests/:id/link: a visitor's request joins the account that uses its
 * address, once the person has confirmed it is theirs. Audited on the server.
 */
export function useLinkSupportRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `/api/admin/support-requests/${encodeURIComponent(id)}/link`, { body: { confirmed: true }, schema: supportRequestDetailResponseSchema }),
    onSuccess: ({ request }) => supportRequestChanged(client, request),
  });
}
