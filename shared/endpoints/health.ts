/** Liveness and readiness, for load balancers and the release step. */
import { healthResponseSchema, readinessResponseSchema } from '../contracts/health';
import { endpoint } from './endpoint';

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'everyone',
    response: healthResponseSchema,
    summary: 'Liveness: the process answers and reaches its database (503 when it cannot).',
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/ready',
    access: 'everyone',
    response: readinessResponseSchema,
    summary: 'Readiness: the database, Redis or the notification connection, no migration pending, reference data seeded; 200 when ready, else 503 with each check.',
  }),
};
