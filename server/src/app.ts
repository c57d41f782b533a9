import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { AppContext } from './context';
import { requestLogger } from './lib/logger';
import { sessionMiddleware, usesSecureCookies } from './lib/sessions';
import { loadCurrentUser } from './middleware/auth';
import { csrfProtectionFor } from './middleware/csrf';
import { apiJsonBodies } from './middleware/json-bodies';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { securityHeaders } from './middleware/security-headers';
import { apiRouters } from './modules';
import { pricingModelCache } from './modules/pricing/pricing-model.repository';
import { supportAuditTrail } from './modules/support/support-audit';

/** Builds the whole HTTP application without listening, so tests drive the real thing. */
export function createApp(context: AppContext): Express {
  const { env, logger } = context;
  const app = express();
  app.disable('x-powered-by');
  if (env.TRUST_PROXY) app.set('trust proxy', /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY);

  app.use(requestLogger(logger));
  app.use('/api', context.metrics.timeRequests);
  pricingModelCache(context.db).shareChanges(context.shared, logger);
  app.use(securityHeaders({ isProduction: env.NODE_ENV === 'production' }));
  app.use(compression());
  app.use('/api', apiJsonBodies(1_000_000), express.urlencoded({ extended: false, limit: '100kb' }));
  // Sessions, the signed-in user, CSRF and the support-mode audit trail, in that order, for every API call.
  app.use(
    '/api',
    cookieParser(),
    sessionMiddleware({ store: context.sessions.store, secret: context.sessions.secret, secureCookies: usesSecureCookies(env) }),
    loadCurrentUser(context),
    csrfProtectionFor(context).middleware,
    supportAuditTrail(context.db, (error) => logger.error({ err: error }, 'support audit entry could not be completed')),
  );

  for (const router of apiRouters(context)) app.use('/api', router);
  app.use('/api', apiNotFound);

  serveRenderer(app, resolve(env.STATIC_DIR));
  app.use(errorHandler(logger));
  return app;
}

/** The built renderer: hashed assets cached for a year, every other path answered by index.html. */
function serveRenderer(app: Express, staticDir: string) {
  const indexFile = join(staticDir, 'index.html');
  app.use('/assets', express.static(join(staticDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(staticDir, { index: false, maxAge: '1h' }));
  app.get('/{*path}', (_req, res, next) => {
    if (!existsSync(indexFile)) {
      next(new Error(`The web app has not been built: ${indexFile} is missing. Run npm run build:web.`));
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile('index.html', { root: staticDir });
  });
}
