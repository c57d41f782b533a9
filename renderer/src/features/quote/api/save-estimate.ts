import { useMutation } from '@tanstack/react-query';
import { saveEstimateResponseSchema } from '@shared/contracts/protection';
import type { QuoteState } from '@shared/contracts/quote';
import { apiRequest } from '../../../lib/api-client';
import { quotePayload } from '../quote-payload';

/** POST /api/estimates: keeps the quote as a saved estimate the member can reopen and download. */
export const useSaveEstimate = () => useMutation({ mutationFn: (quote: QuoteState) => apiRequest('POST', '/api/estimates', { body: { quoteData: quotePayload(quote) }, schema: saveEstimateResponseSchema }) });

/** GET /api/estimates/{id}/pdf: the PDF quote of a saved estimate (a plain download with the session cookie). */
export const estimatePdfPath = (savedEstimateId: string) => `/api/estimates/${encodeURIComponent(savedEstimateId)}/pdf`;
