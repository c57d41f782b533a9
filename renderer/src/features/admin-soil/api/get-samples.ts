import { queryOptions, useQuery } from '@tanstack/react-query';
import { soilEndpoints as endpoints } from '@shared/endpoints/soil';
import { callEndpoint } from '../../../lib/api-client';
import { pagedList } from '../../../lib/react-query';

export const SAMPLES_PAGE_SIZE = 25;

export interface SampleFilters {
  memberId: string;
  paddock: string;
  lab: string;
  from: string;
  to: string;
  page: number;
}

/** The list's query, without the page, as the CSV export takes it too. */
export const sampleFilterParams = ({ memberId, paddock, lab, from, to }: Omit<SampleFilters, 'page'>) => ({
  memberId: memberId || undefined,
  paddock: paddock || undefined,
  lab: lab || undefined,
  from: from || undefined,
  to: to || undefined,
});

/** GET /api/admin/soil-samples: one page of samples, newest sample first. */
export const samplesQueryOptions = (filters: SampleFilters) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'soil', 'samples', filters],
      queryFn: () => callEndpoint(endpoints.samples, { query: { ...sampleFilterParams(filters), page: filters.page, pageSize: SAMPLES_PAGE_SIZE } }),
    }),
  );

export const useSamples = (filters: SampleFilters) => useQuery(samplesQueryOptions(filters));
