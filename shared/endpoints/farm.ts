/** Your Farm: the member's paddocks between seasons. */
import { farmPaddocksInputSchema, farmSchema, memberQuerySchema } from '../contracts/dashboard';
import { endpoint } from './endpoint';

export const farmEndpoints = {
  paddocks: endpoint({
    method: 'GET',
    path: '/api/farm/paddocks',
    access: 'signedIn',
    query: memberQuerySchema,
    response: farmSchema,
    summary: 'The member’s paddocks: their own list, else those of their latest protection; `memberId`: a client’s (their broker, or staff).',
  }),
  savePaddocks: endpoint({
    method: 'PUT',
    path: '/api/farm/paddocks',
    access: 'signedIn',
    query: memberQuerySchema,
    body: farmPaddocksInputSchema,
    response: farmSchema,
    summary:
      'Replaces the member’s whole list of paddocks at once, by those who may write the member’s records. Boundaries are GeoJSON outlines (400 with the field named otherwise), kept to six decimals, at most 60,000 corners in all; the body may be as large as a quote’s (413 beyond).',
  }),
};
