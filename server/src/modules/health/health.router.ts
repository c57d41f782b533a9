import { Router } from 'express';
import type { HealthResponse } from '@shared/contracts/health';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';

export function healthRouter({ db, logger }: AppContext): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    try {
      await db.$queryRawUnsafe('SELECT 1');
    } catch (error) {
      logger.warn({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'database_unavailable', 'The database cannot be reached.');
    }
    res.set('Cache-Control', 'no-store').json({ status: 'ok', db: 'ok' } satisfies HealthResponse);
  });
  return router;
}
