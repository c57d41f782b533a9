import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { emailPreferencesSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { viewerKey } from './scope';

export const emailPreferencesResponseSchema = z.object({ preferences: emailPreferencesSchema });

/** GET /api/user/preferences: which optional e-mails the member gets. */
export const emailPreferencesQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: [...viewerKey(viewerId), 'email-preferences'],
    queryFn: () => apiRequest('GET', '/api/user/preferences', { schema: emailPreferencesResponseSchema }),
    enabled: viewerId !== '',
  });

export const useEmailPreferences = (viewerId: string) => useQuery(emailPreferencesQueryOptions(viewerId));
