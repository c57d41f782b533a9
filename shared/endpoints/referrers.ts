/** A referrer partner's own leads. */
import { referralLeadsResponseSchema } from '../contracts/accounts';
import { endpoint } from './endpoint';

export const referrerEndpoints = {
  leads: endpoint({
    method: 'GET',
    path: '/api/referrer/leads',
    access: 'referrer',
    response: referralLeadsResponseSchema,
    summary: 'The growers who came with the referrer’s code and how far each has got; no contact details or figures.',
  }),
};
