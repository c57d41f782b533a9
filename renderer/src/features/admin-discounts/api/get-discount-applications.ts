import { queryOptions, useQuery } from '@tanstack/react-query';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import { callEndpoint, endpointUrl } from '../../../lib/api-client';
import { pagedList } from '../../../lib/react-query';

export interface DiscountListFilters {
  season: string;
  rule: string;
  q: string;
  page: number;
}

/** The list's query: empty filters and the first page are left out of the address. */
const queryOf = ({ season, rule, q, page }: DiscountListFilters) => ({ season, rule, q, page: page > 1 ? page : undefined });

/** GET /api/admin/discount-management/applications: a season's applications with the discounts they were given. */
export const discountApplicationsQueryOptions = (filters: DiscountListFilters) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'discount-applications', filters],
      queryFn: () => callEndpoint(endpoints.applications, { query: queryOf(filters) }),
    }),
  );

export const useDiscountApplications = (filters: DiscountListFilters) => useQuery(discountApplicationsQueryOptions(filters));

/** The same list as a CSV file (every page). */
export const discountApplicationsCsvPath = (filters: DiscountListFilters) => endpointUrl(endpoints.applicationsCsv, { query: queryOf({ ...filters, page: 1 }) });
