import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { viewerKey } from './scope';

/** GET /api/user/sessions: where the member is signed in, this device first. */
export const sessionsQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: [...viewerKey(viewerId), 'sessions'],
    queryFn: () => apiRequest('GET', '/api/user/sessions', { schema: sessionListSchema }),
    enabled: viewerId !== '',
  });

export const useSessions = (viewerId: string) => useQuery(sessionsQueryOptions(viewerId));
