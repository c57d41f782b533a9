import { resolve } from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { AppContext } from './context';
import { requestLogger } from './lib/logger';
import { cookieNames, sessionMiddleware, usesSecureCookies } from './lib/sessions';
import { loadCurrentUser } from './middleware/auth';
import { accountWriteLimit } from './middleware/rate-limit';
import { csrfProtectionFor } from './middleware/csrf';
import { apiJsonBodies } from './middleware/json-bodies';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { routeBySegment } from './middleware/route-by-segment';
import { securityHeaders } from './middleware/security-headers';
import { apiRouters } from './modules';
import { pricingModelCache } from './modules/pricing/pricing-model.repository';
import { serveWebApp } from './web-app';

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
  // Sessions, the signed-in user, CSRF and the account's write limit, in that order, for every API call.
  const secureCookies = usesSecureCookies(env);
  app.use(
    '/api',
    cookieParser(),
    sessionMiddleware({ store: context.sessions.store, secret: context.sessions.secret, secureCookies }),
    loadCurrentUser(context),
    csrfProtectionFor(context).middleware,
    accountWriteLimit(context),
  );

  app.use('/api', routeBySegment(apiRouters(context)));
  app.use('/api', apiNotFound);

  serveWebApp(app, resolve(env.STATIC_DIR), context.site, { ...cookieNames(secureCookies), secure: secureCookies });
  app.use(errorHandler(logger));
  return app;
}
