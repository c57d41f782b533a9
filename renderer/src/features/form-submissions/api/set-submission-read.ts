import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { formSubmissionUpdateSchema } from '@shared/contracts/public-site';
import { publicSiteEndpoints } from '@shared/endpoints/public-site';
import { callEndpoint } from '../../../lib/api-client';

/** What a change of read state makes stale: the lists and the bell's count. */
export const invalidateSubmissions = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: ['admin', 'form-submissions'] }), client.invalidateQueries({ queryKey: ['admin', 'notifications'] })]);

/** PATCH /api/admin/form-submissions/:id: marks one submission read or unread. */
export function useSetSubmissionRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: z.infer<typeof formSubmissionUpdateSchema> & { id: string }) => callEndpoint(publicSiteEndpoints.setSubmissionRead, { params: { id }, body: change }),
    onSuccess: () => invalidateSubmissions(client),
  });
}
