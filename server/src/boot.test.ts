import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './db/client';
import { repositoryRoot } from './lib/paths';
import { waitForEmailTo } from './testing/accounts';
import { startServer, stopServer } from './testing/server-process';
import { createTestDatabaseUrl } from './testing/test-database';

// Each test starts the real server process and migrates a new database: seconds on a quiet machine, more on a busy one.
describe('server start-up on a new database', { timeout: 120_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabaseUrl();
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database.drop();
  });

  const env = () => ({ DATABASE_URL: database.url, ADMIN_EMAIL: 'First.Admin@Example.com', ADMIN_PASSWORD: 'a-long-first-admin-password' });

  it('migrates, seeds, creates the first administrator, serves health and stops cleanly on SIGTERM', async () => {
    const server = await startServer(env());
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    // Idle connections outlive a load balancer's 60 s, so it never reuses one the server just closed.
    expect(health.headers.get('keep-alive')).toBe('timeout=65');
    expect(await stopServer(server)).toBe(0);
    expect(server.output()).toContain('first administrator created from ADMIN_EMAIL');
    // One JSON object a line, for a log reader, Node's own warnings included (migrating imports Prisma's
    // schema engine as a WebAssembly module, which Node calls experimental).
    const lines = server.output().trimEnd().split('\n');
    expect(lines.filter((line) => !line.startsWith('{'))).toEqual([]);
    expect(lines.map((line) => JSON.parse(line) as { msg: string; warning?: { name: string } }).filter((entry) => entry.warning)).toContainEqual(
      expect.objectContaining({ msg: 'Node warning', warning: expect.objectContaining({ name: 'ExperimentalWarning' }) }),
    );
    // Without METRICS_PORT nobody could read metrics, so none are served.
    expect(server.output()).not.toContain('/metrics');
  });

  it('serves Prometheus metrics on METRICS_PORT, its own listener, counting the API calls answered', async () => {
    const server = await startServer({ ...env(), METRICS_PORT: '0' });
    try {
      const metricsUrl = /Metrics on (http:\/\/[\d.]+:\d+\/metrics)/.exec(server.output())?.[1];
      expect(metricsUrl).toBeDefined();
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      const text = await (await fetch(metricsUrl!)).text();
      expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/health",status="200"} 1');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      // Never through the public site's port.
      expect(await (await fetch(`${server.baseUrl}/metrics`)).text()).not.toContain('http_request_duration_seconds');
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
  });

  it('changes nothing on a second start: no new migration, no second administrator, no duplicate seed rows', async () => {
    db = await createDatabase(database.url);
    const before = {
      migrations: await db.$queryRawUnsafe<Array<{ n: number | bigint }>>('SELECT COUNT(*) AS n FROM _prisma_migrations'),
      crops: await db.insurableCrop.count(),
      hurdles: await db.hurdleOption.count(),
    };
    await db.$disconnect();

    const server = await startServer({ ...env(), ADMIN_EMAIL: 'someone.else@example.com' });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect(await stopServer(server)).toBe(0);
    expect(server.output()).not.toContain('first administrator created');

    db = await createDatabase(database.url);
    const admins = await db.user.findMany({ where: { isAdmin: true } });
    expect(admins.map((admin) => admin.email)).toEqual(['first.admin@example.com']);
    expect(admins[0]?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const migrations = await db.$queryRawUnsafe<Array<{ n: number | bigint }>>('SELECT COUNT(*) AS n FROM _prisma_migrations');
    expect(Number(migrations[0]?.n)).toBe(Number(before.migrations[0]?.n));
    expect(await db.insurableCrop.count()).toBe(before.crops);
    expect(await db.hurdleOption.count()).toBe(before.hurdles);
  });

  it('refuses to start with a bad environment value and names the variable', async () => {
    await expect(startServer({ DATABASE_URL: database.url, PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });

  it('refuses to start in production without PUBLIC_URL, naming it', async () => {
    await expect(startServer({ DATABASE_URL: database.url, NODE_ENV: 'production' })).rejects.toThrow(/PUBLIC_URL: is required when NODE_ENV=production/);
  });

  it('mails links to the port it really listens on (PORT=0), whatever Host the request names', async () => {
    const outboxDir = mkdtempSync(join(repositoryRoot, '.tmp', 'boot-outbox-'));
    // A database of its own: the test above keeps the first one open.
    const ownDatabase = await createTestDatabaseUrl();
    const server = await startServer({ ...env(), DATABASE_URL: ownDatabase.url, MAIL_OUTBOX_DIR: outboxDir });
    try {
      const { port } = new URL(server.baseUrl);
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const body = JSON.stringify({ email: 'first.admin@example.com' });
        const headers = { Host: 'attacker.example', 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', 'Content-Length': Buffer.byteLength(body) };
        const forged = httpRequest({ host: '127.0.0.1', port: Number(port), method: 'POST', path: '/api/auth/password-reset/request', headers }, (response) => {
          response.resume();
          resolve(response.statusCode);
        });
        forged.on('error', reject);
        forged.end(body);
      });
      expect(status).toBe(200);
      const mail = await waitForEmailTo(outboxDir, 'first.admin@example.com');
      expect(mail).toContain(`${server.baseUrl}/auth/reset-password?token=`);
      expect(mail).not.toContain('attacker.example');
    } finally {
      await stopServer(server);
      await ownDatabase.drop();
    }
  });
});
