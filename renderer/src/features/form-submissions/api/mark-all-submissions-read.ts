import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicSiteEndpoints } from '@shared/endpoints/public-site';
import { callEndpoint } from '../../../lib/api-client';
import { invalidateSubmissions } from './set-submission-read';

/** POST /api/admin/form-submissions/mark-all-read. */
export function useMarkAllSubmissionsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(publicSiteEndpoints.markAllSubmissionsRead),
    onSuccess: () => invalidateSubmissions(client),
  });
}
