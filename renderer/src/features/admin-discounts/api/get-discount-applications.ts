import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { discountApplicationsResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';

export interface DiscountListFilters {
  season: string;
  rule: string;
  q: string;
  page: number;
}

const searchOf = ({ season, rule, q, page }: Partial<DiscountListFilters>) => {
  const params = new URLSearchParams();
  if (season) params.set('season', season);
  if (rule) params.set('rule', rule);
  if (q) params.set('q', q);
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** GET /api/admin/discount-management/applications: a season's applications with the discounts they were given. */
export const discountApplicationsQueryOptions = (filters: DiscountListFilters) =>
  queryOptions({
    queryKey: ['admin', 'discount-applications', filters],
    queryFn: () => apiRequest('GET', `/api/admin/discount-management/applications${searchOf(filters)}`, { schema: discountApplicationsResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useDiscountApplications = (filters: DiscountListFilters) => useQuery(discountApplicationsQueryOptions(filters));

/** The same list as a CSV file (every page). */
export const discountApplicationsCsvPath = (filters: DiscountListFilters) => `/api/admin/discount-management/applications.csv${searchOf({ ...filters, page: 1 })}`;
