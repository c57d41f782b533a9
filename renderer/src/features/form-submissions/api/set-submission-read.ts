import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { formSubmissionSchema, type formSubmissionUpdateSchema } from '@shared/contracts/public-site';
import { apiRequest } from '../../../lib/api-client';

const setReadResponseSchema = z.object({ submission: formSubmissionSchema });

/** What a change of read state makes stale: the lists and the bell's count. */
export const invalidateSubmissions = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: ['admin', 'form-submissions'] }), client.invalidateQueries({ queryKey: ['admin', 'notifications'] })]);

/** PATCH /api/admin/form-submissions/:id: marks one submission read or unread. */
export function useSetSubmissionRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: z.infer<typeof formSubmissionUpdateSchema> & { id: string }) =>
      apiRequest('PATCH', `/api/admin/form-submissions/${encodeURIComponent(id)}`, { body: change, schema: setReadResponseSchema }),
    onSuccess: () => invalidateSubmissions(client),
  });
}
