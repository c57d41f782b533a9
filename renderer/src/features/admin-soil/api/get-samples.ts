import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { soilSampleListSchema } from '@shared/contracts/soil';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

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
  queryOptions({
    queryKey: ['admin', 'soil', 'samples', filters],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/soil-samples', { ...sampleFilterParams(filters), page: filters.page, pageSize: SAMPLES_PAGE_SIZE }), { schema: soilSampleListSchema }),
    placeholderData: keepPreviousData,
  });

export const useSamples = (filters: SampleFilters) => useQuery(samplesQueryOptions(filters));
