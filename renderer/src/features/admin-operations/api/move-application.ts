import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { protectionSchema, type protectionStatusInputSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';

const moveResponseSchema = z.object({ protection: protectionSchema });

/** PUT /api/dashboard/protections/:id/status: moves an application along (accepting it issues the invoices). */
export function useMoveApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof protectionStatusInputSchema>) => apiRequest('PUT', `/api/dashboard/protections/${encodeURIComponent(id)}/status`, { body: input, schema: moveResponseSchema }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'applications'] }),
        client.invalidateQueries({ queryKey: ['admin', 'member-protections'] }),
        client.invalidateQueries({ queryKey: ['admin', 'overview'] }),
      ]),
  });
}
