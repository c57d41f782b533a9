import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { emailPreferencesQueryOptions, emailPreferencesResponseSchema } from './get-email-preferences';

/** PUT /api/user/preferences: the optional e-mails; the cache takes the server's answer. */
export function useSaveEmailPreferences(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<EmailPreferences>) => apiRequest('PUT', '/api/user/preferences', { body: changes, schema: emailPreferencesResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(emailPreferencesQueryOptions(viewerId).queryKey, answer),
  });
}
