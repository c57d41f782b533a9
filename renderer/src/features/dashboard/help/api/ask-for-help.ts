import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { askForHelpSchema } from '@shared/contracts/support-requests';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../../lib/api-client';
import { myRequestsQueryOptions } from './get-my-requests';

/** POST /api/support-requests: the 'Ask for help' form; the list of the person's requests is stale. */
export function useAskForHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof askForHelpSchema>) => callEndpoint(endpoints.ask, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: myRequestsQueryOptions().queryKey }),
  });
}
