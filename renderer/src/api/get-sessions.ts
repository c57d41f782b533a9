import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberSettingsEndpoints } from '@shared/endpoints/member-settings';
import { callEndpoint } from '../lib/api-client';
import { viewerKey } from './scope';

/** GET /api/user/sessions: where the member is signed in, this device first. */
export const sessionsQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: [...viewerKey(viewerId), 'sessions'],
    queryFn: () => callEndpoint(memberSettingsEndpoints.sessions),
    enabled: viewerId !== '',
  });

export const useSessions = (viewerId: string) => useQuery(sessionsQueryOptions(viewerId));
