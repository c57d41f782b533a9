import session from 'express-session';
import request from 'supertest';
import { expect, it } from 'vitest';
import { createApp } from '../../app';
import { parseEnv } from '../../config/env';
import { createDatabase } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { createMailer } from '../../lib/mailer';
import { createSiteAddress } from '../../lib/site-url';

it('answers 503 when the database cannot be reached', async () => {
  // Nothing listens on port 1, so every query fails the way a database outage does.
  const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/unreachable', LOG_LEVEL: 'silent' });
  const db = createDatabase(env.DATABASE_URL);
  const logger = createLogger('silent');
  const mailer = createMailer({ from: env.MAIL_FROM, outboxDir: env.MAIL_OUTBOX_DIR, logger });
  // The database is down, so sessions stay in memory for this one request.
  const sessions = { store: new session.MemoryStore(), secret: 'test-session-secret-long-enough-for-hmac' };
  const response = await request(createApp({ env, db, logger, mailer, sessions, site: createSiteAddress(env) })).get('/api/health');
  expect(response.status).toBe(503);
  expect(response.body).toEqual({ error: 'database_unavailable', message: 'The database cannot be reached.' });
  await db.$disconnect();
});
