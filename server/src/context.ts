import type { Store } from 'express-session';
import type { Env } from './config/env';
import type { Database } from './db/client';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';
import type { SiteAddress } from './lib/site-url';

/** What every module needs from the running server; built once in index.ts, or by tests. */
export interface AppContext {
  env: Env;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  /** The session store (the database, or Redis with REDIS_URL) and the secret that signs cookies and CSRF tokens. */
  sessions: { store: Store; secret: string };
  /** The site's own address for links: PUBLIC_URL, or where this server listens (never a request's Host). */
  site: SiteAddress;
}
