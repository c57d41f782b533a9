import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences } from '@shared/contracts/dashboard';
import { memberSettingsEndpoints } from '@shared/endpoints/member-settings';
import { callEndpoint } from '../../../lib/api-client';
import { emailPreferencesQueryOptions } from './get-email-preferences';

/** PUT /api/user/preferences: the optional e-mails; the cache takes the server's answer. */
export function useSaveEmailPreferences(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<EmailPreferences>) => callEndpoint(memberSettingsEndpoints.savePreferences, { body: changes }),
    onSuccess: (answer) => queryClient.setQueryData(emailPreferencesQueryOptions(viewerId).queryKey, answer),
  });
}
