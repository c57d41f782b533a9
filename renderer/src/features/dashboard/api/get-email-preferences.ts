import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberSettingsEndpoints } from '@shared/endpoints/member-settings';
import { callEndpoint } from '../../../lib/api-client';
import { viewerKey } from '../../../api/scope';

/** GET /api/user/preferences: which optional e-mails the member gets. */
export const emailPreferencesQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: [...viewerKey(viewerId), 'email-preferences'],
    queryFn: () => callEndpoint(memberSettingsEndpoints.preferences),
    enabled: viewerId !== '',
  });

export const useEmailPreferences = (viewerId: string) => useQuery(emailPreferencesQueryOptions(viewerId));
