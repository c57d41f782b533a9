/** The administrators' season overview (/admin/dashboard). */
import { adminOverviewQuerySchema, adminOverviewResponseSchema } from '../contracts/admin-operations';
import { endpoint } from './endpoint';

export const adminOperationsEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/api/admin/overview',
    access: 'administrator',
    query: adminOverviewQuerySchema,
    response: adminOverviewResponseSchema,
    summary: 'The season at a glance (`season`, this year by default): applications and claims by status, premium written and value protected, unread form submissions, members new this week.',
  }),
};
