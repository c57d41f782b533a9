import type { ReadinessResponse } from '@shared/contracts/health';
import { healthEndpoints as endpoints } from '@shared/endpoints/health';
import type { AppContext } from '../../context';
import { pendingMigrations } from '../../db/migrations';
import { providerOf } from '../../db/provider';
import { AppError } from '../../lib/app-error';
import { endpointRouter } from '../../middleware/serve';
import { plural } from '@shared/format';

/**
 * /api/health is liveness: the process answers and reaches its database (a load balancer restarts
 * an instance that fails it). /api/ready is readiness: the database, Redis or the notification
 * connection when configured, no migration pending (so an instance of a newer release waits out
 * of rotation until the release step, npm run db:migrate, has run) and the start-up's reference-data
 * seeding finished.
 */
export function healthRouter(context: AppContext) {
  const { db, env, logger, shared, referenceData: seeding } = context;
  const { router, serve } = endpointRouter(context);
  serve(endpoints.health)({
    handle: async (_req, res) => {
      try {
        await db.$queryRawUnsafe('SELECT 1');
      } catch (error) {
        logger.warn({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'database_unavailable', 'The database cannot be reached.');
      }
      res.set('Cache-Control', 'no-store');
      return { status: 'ok', db: 'ok' };
    },
  });

  serve(endpoints.ready)({
    handle: async (_req, res) => {
      const database = await check('The database cannot be reached.', async () => {
        await db.$queryRawUnsafe('SELECT 1');
      });
      // Migrations are spoken of only when the database answers: an outage is not a missing release step.
      const [migrations, sharedState, referenceData] = await Promise.all([
        database.ok
          ? check('Migrations could not be read.', async () => {
              const pending = await pendingMigrations(db, providerOf(env.DATABASE_URL));
              if (pending.length > 0) return `${plural(pending.length, 'migration')} not applied: ${pending.join(', ')}. Run npm run db:migrate.`;
            })
          : { ok: false, detail: 'Not checked while the database cannot be reached.' },
        check(env.REDIS_URL ? 'Redis cannot be reached.' : 'The database notification connection is down.', () => shared.check()),
        check('Reference data could not be read.', async () => seeding.problem()),
      ]);
      const checks = { database, migrations, sharedState, referenceData };
      const body: ReadinessResponse = { status: Object.values(checks).every((item) => item.ok) ? 'ready' : 'not_ready', checks };
      if (body.status === 'not_ready') logger.warn({ checks: body.checks }, 'readiness check failed');
      res.status(body.status === 'ready' ? 200 : 503).set('Cache-Control', 'no-store');
      return body;
    },
  });
  return router;

  /** A probe fails by throwing (answered with `unreachable`, the error itself only logged) or by returning what is wrong. */
  async function check(unreachable: string, probe: () => Promise<string | void>): Promise<{ ok: boolean; detail?: string }> {
    try {
      const problem = await probe();
      return problem ? { ok: false, detail: problem } : { ok: true };
    } catch (error) {
      logger.warn({ err: error }, `readiness: ${unreachable}`);
      return { ok: false, detail: unreachable };
    }
  }
}
