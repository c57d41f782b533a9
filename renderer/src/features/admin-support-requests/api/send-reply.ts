import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportRequestDetailResponseSchema, type supportRequestReplyInputSchema } from '@shared/contracts/support-requests';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { supportRequestChanged } from './update-support-request';

/** POST /api/admin/support-requests/:id/replies: the answer, e-mailed to the person and shown in their dashboard. */
export function useSendReply(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reply: z.output<typeof supportRequestReplyInputSchema>) =>
      apiRequest('POST', `/api/admin/support-requests/${encodeURIComponent(id)}/replies`, { body: reply, schema: supportRequestDetailResponseSchema }),
    onSuccess: ({ request }) => supportRequestChanged(client, request),
  });
}
