import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { openSeasonInputSchema, seasonDatesInputSchema } from '@shared/contracts/seasons';
import { seasonEndpoints } from '@shared/endpoints/seasons';
import { callEndpoint } from '../../../lib/api-client';

const SEASONS_KEY = ['admin', 'seasons'] as const;

/** GET /api/admin/seasons: every season newest first, and the dates offered for the next. */
export const seasonsQueryOptions = () => queryOptions({ queryKey: SEASONS_KEY, queryFn: () => callEndpoint(seasonEndpoints.list) });
export const useSeasons = () => useQuery(seasonsQueryOptions());

/** POST /api/admin/seasons: opens a season with its dates. */
export function useOpenSeason() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: z.input<typeof openSeasonInputSchema>) => callEndpoint(seasonEndpoints.open, { body }), onSuccess: () => client.invalidateQueries({ queryKey: SEASONS_KEY }) });
}

/** PUT /api/admin/seasons/:year: moves the dates of a season not yet open. */
export function useChangeSeason(year: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof seasonDatesInputSchema>) => callEndpoint(seasonEndpoints.change, { params: { year }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SEASONS_KEY }),
  });
}
