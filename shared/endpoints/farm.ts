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
    summary: 'Replaces the member’s whole list of paddocks at once, by those who may write the member’s records.',
  }),
};
