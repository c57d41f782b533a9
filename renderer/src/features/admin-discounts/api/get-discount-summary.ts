import { queryOptions, useQuery } from '@tanstack/react-query';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/discount-management/summary: totals by rule and by month, and manual discounts awaiting approval. */
export const discountSummaryQueryOptions = (season: string) =>
  queryOptions({
    queryKey: ['admin', 'discount-summary', season],
    queryFn: () => callEndpoint(endpoints.summary, { query: { season } }),
  });

export const useDiscountSummary = (season: string) => useQuery(discountSummaryQueryOptions(season));
