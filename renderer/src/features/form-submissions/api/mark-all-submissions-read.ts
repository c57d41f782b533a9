import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSubmissions } from './set-submission-read';

/** POST /api/admin/form-submissions/mark-all-read. */
export function useMarkAllSubmissionsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/form-submissions/mark-all-read', { schema: z.object({ updated: z.number() }) }),
    onSuccess: () => invalidateSubmissions(client),
  });
}
