import { queryOptions, useQuery } from '@tanstack/react-query';
import { discountSummaryResponseSchema } from '@shared/contracts/discounts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/discount-management/summary: totals by rule and by month, and manual discounts awaiting approval. */
export const discountSummaryQueryOptions = (season: string) =>
  queryOptions({
    queryKey: ['admin', 'discount-summary', season],
    queryFn: () => apiRequest('GET', `/api/admin/discount-management/summary${season ? `?season=${encodeURIComponent(season)}` : ''}`, { schema: discountSummaryResponseSchema }),
  });

export const useDiscountSummary = (season: string) => useQuery(discountSummaryQueryOptions(season));
