/** A broker's clients: the members whose broker of record they are. */
import { clientAccountSchema, clientListSchema, recordParamsSchema } from '../contracts/dashboard';
import { endpoint } from './endpoint';

export const brokerEndpoints = {
  clients: endpoint({
    method: 'GET',
    path: '/api/broker/clients',
    access: 'broker',
    response: clientListSchema,
    summary: 'The broker’s clients with their farm, quotes, protections and claims, the renewal due and the alerts standing over them now (each the client’s own alert, with its paddocks).',
  }),
  client: endpoint({
    method: 'GET',
    path: '/api/broker/clients/:id',
    access: 'broker',
    params: recordParamsSchema,
    response: clientAccountSchema,
    summary: 'One client’s account, for a quote in their name; anyone else’s answers 404.',
  }),
};
