import { queryOptions, useQuery } from '@tanstack/react-query';
import { corporateDocumentListSchema } from '@shared/contracts/public-site';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/corporate-documents: what administrators have published (Constitution, Protection Rules, annual reports). */
export const corporateDocumentsQueryOptions = () =>
  queryOptions({ queryKey: ['public', 'corporate-documents'], queryFn: () => apiRequest('GET', '/api/corporate-documents', { schema: corporateDocumentListSchema }) });

export const useCorporateDocuments = () => useQuery(corporateDocumentsQueryOptions());
