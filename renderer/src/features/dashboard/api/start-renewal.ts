import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seasonEndpoints } from '@shared/endpoints/seasons';
import { callEndpoint } from '../../../lib/api-client';
import { type RecordScope, viewerKey } from '../../../api/scope';

/** The wizard at the renewal's draft: `quotePath` is where this viewer quotes for the member (their own, a client's, support's). */
export function renewalWizardPath(quotePath: string, draftId: string): string {
  const [path, search = ''] = quotePath.split('?');
  const params = new URLSearchParams(search);
  params.set('step', 'protection-calculator');
  params.set('draft', draftId);
  return `${path}?${params}`;
}

/**
 * POST /api/dashboard/renewal: the open season's renewal of the member in scope, started on the
 * server from their latest protection (or the draft already started from it). Answers the draft;
 * what the viewer has read (the overview, a broker's clients due) is read again.
 */
export function useStartRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: RecordScope) => callEndpoint(seasonEndpoints.startRenewal, { query: { memberId: scope.memberId } }),
    onSuccess: (_started, scope) => queryClient.invalidateQueries({ queryKey: viewerKey(scope.viewerId) }),
  });
}
