import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../lib/api-client';
import { supportRequestChanged } from './update-support-request';

/**
 * POST /api/admin/support-requests/:id/link: a visitor's request joins the account that uses its
 * address, once the person has confirmed it is theirs. Audited on the server.
 */
export function useLinkSupportRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(endpoints.link, { params: { id }, body: { confirmed: true } }),
    onSuccess: ({ request }) => supportRequestChanged(client, request),
  });
}
