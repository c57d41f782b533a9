import { mkdtempSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { createTestUser, signedInAgent } from '../testing/accounts';
import { createLogger } from './logger';
import { repositoryRoot } from './paths';
import { loadSessionSecret } from './sessions';

describe('session secret', () => {
  it('is generated once, kept beside the SQLite file with mode 0600, and reused', () => {
    const dir = mkdtempSync(join(repositoryRoot, '.tmp', 'secret-'));
    const env = { SESSION_SECRET: undefined, DATABASE_URL: `file:${join(dir, 'app.db')}` };
    const logger = createLogger('silent');
    const first = loadSessionSecret(env, logger);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(loadSessionSecret(env, logger)).toBe(first);
  });
});

describe('sessions in Redis (the Redis of the CI machine, or TEST_REDIS_URL)', () => {
  it('keeps a signed-in session in Redis when REDIS_URL is set', async () => {
    const testApp = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
    try {
      await createTestUser(testApp.db, { email: 'redis@example.com' });
      const agent = await signedInAgent(testApp.app, 'redis@example.com');
      expect((await agent.get('/api/auth/session')).body.user.email).toBe('redis@example.com');
      expect(await testApp.db.session.count()).toBe(0);
      await agent.post('/api/auth/signout').send({});
      expect((await agent.get('/api/auth/session')).body).toEqual({});
    } finally {
      await testApp.close();
    }
  });
});
