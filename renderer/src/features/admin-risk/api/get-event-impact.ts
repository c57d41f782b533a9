import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { EventImpactInput } from '@shared/contracts/risk-simulation';
import { riskSimulationEndpoints as endpoints } from '@shared/endpoints/risk-simulation';
import { callEndpoint } from '../../../lib/api-client';

/**
 * POST /api/admin/risk/event-impact: what an event would cost now. A query, not a mutation: it
 * changes nothing, and the answer follows the footprint, peril and severity as staff change them.
 */
export const eventImpactQueryOptions = (event: EventImpactInput | null) =>
  queryOptions({
    queryKey: ['admin', 'risk', 'event-impact', event],
    queryFn: event ? () => callEndpoint(endpoints.eventImpact, { body: event }) : skipToken,
    placeholderData: keepPreviousData,
  });

export const useEventImpact = (event: EventImpactInput | null) => useQuery(eventImpactQueryOptions(event));
