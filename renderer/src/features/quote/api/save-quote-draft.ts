import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { AutoSavePayload, DraftListItem } from '@shared/contracts/drafts';
import { quoteEndpoints } from '@shared/endpoints/quotes';
import { apiRequest } from '../../../lib/api-client';
import { draftsQueryOptions } from './get-drafts';

/**
 * POST /api/quotes/draft: the automatic save. It carries the version the quote was based on, and
 * the server answers 409 when the draft changed since (the draft store reloads it then). One save
 * runs at a time (the scope), in the order the save queue hands them over.
 */
export const saveQuoteDraftMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['save-quote-draft'],
    scope: { id: 'save-quote-draft' },
    // The server parses the payload itself (to say 'nothing to save' in the wizard's words), so the call is made with the endpoint's parts.
    mutationFn: (payload: AutoSavePayload) => apiRequest(quoteEndpoints.autoSave.method, quoteEndpoints.autoSave.path, { body: payload, schema: quoteEndpoints.autoSave.response }),
    onSuccess: ({ draft }, payload) => {
      const listKey = draftsQueryOptions(payload.userId).queryKey;
      const listed = queryClient.getQueryData(listKey)?.some((item) => item.id === draft.id) ?? false;
      // A draft already listed is brought up to date where it stands; a new one is read with the list next time it is shown.
      if (listed) queryClient.setQueryData(listKey, (list) => list?.map((item): DraftListItem => (item.id === draft.id ? { ...item, ...draft, step: payload.step } : item)));
      else void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
