import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { supportRequestReplyInputSchema } from '@shared/contracts/support-requests';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../lib/api-client';
import { supportRequestChanged } from './update-support-request';

/** POST /api/admin/support-requests/:id/replies: the answer, e-mailed to the person and shown in their dashboard. */
export function useSendReply(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reply: z.output<typeof supportRequestReplyInputSchema>) => callEndpoint(endpoints.reply, { params: { id }, body: reply }),
    onSuccess: ({ request }) => supportRequestChanged(client, request),
  });
}
