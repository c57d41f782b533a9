import type { Env } from './config/env';
import type { Database } from './db/client';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';

/** What every module needs from the running server; built once in index.ts, or by tests. */
export interface AppContext {
  env: Env;
  db: Database;
  logger: Logger;
  mailer: Mailer;
}
