import { useMutation, useQueryClient } from '@tanstack/react-query';
import { retryBackgroundJobResponseSchema } from '@shared/contracts/background-jobs';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/background-jobs/:queue/:id/retry: the job leaves the failed list and its counts move. */
export function useRetryBackgroundJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) =>
      apiRequest('POST', `/api/admin/background-jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`, { schema: retryBackgroundJobResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'background-jobs'] }),
  });
}
