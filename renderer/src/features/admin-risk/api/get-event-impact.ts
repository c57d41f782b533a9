import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type EventImpactInput, eventImpactResponseSchema } from '@shared/contracts/risk-simulation';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/admin/risk/event-impact: what an event would cost now. A query, not a mutation: it
 * changes nothing, and the answer follows the footprint, peril and severity as staff change them.
 */
export const eventImpactQueryOptions = (event: EventImpactInput | null) =>
  queryOptions({
    queryKey: ['admin', 'risk', 'event-impact', event],
    queryFn: () => apiRequest('POST', '/api/admin/risk/event-impact', { body: event, schema: eventImpactResponseSchema }),
    enabled: event !== null,
    placeholderData: keepPreviousData,
  });

export const useEventImpact = (event: EventImpactInput | null) => useQuery(eventImpactQueryOptions(event));
