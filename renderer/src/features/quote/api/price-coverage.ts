import { queryOptions } from '@tanstack/react-query';
import type { PricingCalculateRequestInput } from '@shared/contracts/pricing';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import type { QuoteStateInput } from '@shared/contracts/quote';
import { apiRequest, endpointUrl } from '../../../lib/api-client';
import { calculateEstimates } from '../estimates';

/**
 * POST /api/pricing/calculate for one coverage type. customerId: the member priced for when acting
 * for them (support mode, their broker), so their history counts. The body is read by the pricing
 * rules' own parser on the server, so the call is made with the endpoint's parts.
 */
const priceCoverage = (body: PricingCalculateRequestInput, customerId: string | null) =>
  apiRequest('POST', endpointUrl(pricingEndpoints.calculate, { query: { customerId: customerId ?? undefined } }), { body, schema: pricingEndpoints.calculate.response });

/**
 * The estimate step's figures: each coverage type priced together (docs/behaviour.md §8 partial results), keyed
 * by what is priced (`pricingInput`, the quote's pricing input as JSON). The run starts afresh each
 * time the step opens (nothing kept), as the figures must match the paddocks.
 */
export const estimatesQueryOptions = (customerId: string | null, pricingInput: string, quote: () => QuoteStateInput) =>
  queryOptions({
    queryKey: ['quote-estimates', customerId, pricingInput],
    queryFn: () => calculateEstimates(quote(), (request) => priceCoverage(request, customerId)),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
