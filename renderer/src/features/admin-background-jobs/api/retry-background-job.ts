import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backgroundJobEndpoints as endpoints } from '@shared/endpoints/background-jobs';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/admin/background-jobs/:queue/:id/retry: the job leaves the failed list and its counts move. */
export function useRetryBackgroundJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: { queue: string; id: string }) => callEndpoint(endpoints.retry, { params: job }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'background-jobs'] }),
  });
}
