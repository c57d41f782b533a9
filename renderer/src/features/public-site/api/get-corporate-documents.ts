import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSiteEndpoints } from '@shared/endpoints/public-site';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/corporate-documents: what administrators have published (Constitution, Protection Rules, annual reports). */
export const corporateDocumentsQueryOptions = () => queryOptions({ queryKey: ['public', 'corporate-documents'], queryFn: () => callEndpoint(publicSiteEndpoints.corporateDocuments) });

export const useCorporateDocuments = () => useQuery(corporateDocumentsQueryOptions());
