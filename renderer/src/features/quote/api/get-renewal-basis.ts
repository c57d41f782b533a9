import { queryOptions } from '@tanstack/react-query';
import { seasonEndpoints } from '@shared/endpoints/seasons';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/dashboard/renewals/{id}: the protection a renewal's quote renews, to set beside it (the member's, their broker's or staff's to read). */
export const renewalBasisQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: ['renewal-basis', applicationId],
    queryFn: () => callEndpoint(seasonEndpoints.renewalBasis, { params: { id: applicationId } }),
    staleTime: Infinity,
  });
