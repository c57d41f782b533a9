import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { protectionStatusInputSchema } from '@shared/contracts/dashboard';
import { dashboardEndpoints } from '@shared/endpoints/dashboard';
import { invalidateProtectionsOf } from '../../../api/get-protections';
import { callEndpoint } from '../../../lib/api-client';

/** PUT /api/dashboard/protections/:id/status: moves an application along (accepting it issues the invoices). */
export function useMoveApplication(id: string, memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof protectionStatusInputSchema>) => callEndpoint(dashboardEndpoints.moveProtection, { params: { id }, body: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['admin', 'applications'] }), invalidateProtectionsOf(client, memberId), client.invalidateQueries({ queryKey: ['admin', 'overview'] })]),
  });
}
