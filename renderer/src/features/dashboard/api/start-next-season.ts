import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProtectionView } from '@shared/contracts/dashboard';
import { type CarriedFarm, nextSeasonDraft, type CarriedPaddock } from '@shared/domain/protection/next-season';
import { quoteEndpoints } from '@shared/endpoints/quotes';
import { callEndpoint } from '../../../lib/api-client';
import { overviewQueryOptions } from './get-overview';

/**
 * POST /api/user/drafts: next season's quote, started from these paddocks (the member's own:
 * drafts are owner-only). Answers where the wizard opens it; the overview's drafts are read again.
 */
export function useStartNextSeason(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ paddocks, farm }: { paddocks: readonly CarriedPaddock[]; farm: CarriedFarm }) => {
      const id = `draft_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
      const body = nextSeasonDraft(id, viewerId, paddocks, farm);
      await callEndpoint(quoteEndpoints.createDraft, { body });
      // The wizard resumes the member's most recent draft when it opens beyond get-started.
      return `/quote?step=${body.step}`;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewQueryOptions({ viewerId, memberId: undefined }).queryKey }),
  });
}

/** What next season's quote carries from an application: its priced paddocks and the farm's zone, address and location. */
export const carriedFrom = (protection: ProtectionView): { paddocks: CarriedPaddock[]; farm: CarriedFarm } => ({
  paddocks: protection.paddocks.filter((paddock) => paddock.priced),
  farm: { zone: protection.zoneCode, address: protection.farm.address, location: protection.farm.location },
});
