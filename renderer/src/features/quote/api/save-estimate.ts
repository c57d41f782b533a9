import { useMutation } from '@tanstack/react-query';
import type { QuoteState } from '@shared/contracts/quote';
import { protectionEndpoints } from '@shared/endpoints/protection';
import { callEndpoint, endpointUrl } from '../../../lib/api-client';
import { quotePayload } from '../quote-payload';

/** POST /api/estimates: keeps the quote as a saved estimate the member can reopen and download. */
export const useSaveEstimate = () => useMutation({ mutationFn: (quote: QuoteState) => callEndpoint(protectionEndpoints.saveEstimate, { body: { quoteData: quotePayload(quote) } }) });

/** GET /api/estimates/{id}/pdf: the PDF quote of a saved estimate (a plain download with the session cookie). */
export const estimatePdfPath = (savedEstimateId: string) => endpointUrl(protectionEndpoints.estimatePdf, { params: { id: savedEstimateId } });
