// The time from a dependency's return to readiness green (docs/operations.md, "Outages"): the real
// server against its own Redis and PostgreSQL cluster; each is stopped, then started again, and
// /api/ready is asked every 50 ms until it answers 200. Short outages first, then a long one. Redis is measured with REDIS_URL set; the
// database with no Redis, so the LISTEN connection that carries pricing changes has to come back too.
//   npm run bench -- recovery      (BENCH_RECOVERIES to change the number of outages of each)
import pg from 'pg';
import { startServer, stopServer } from '../server/src/testing/server-process';
import { startPostgresCluster, startRedis, type StoppableService, waitUntil } from '../server/src/testing/services';

const ROUNDS = Number(process.env['BENCH_RECOVERIES'] ?? 3);
/** The last outage of each lasts this long, so the reconnection back-off has reached its 5 s cap. */
const LONG_OUTAGE_MS = Number(process.env['BENCH_LONG_OUTAGE_SECONDS'] ?? 20) * 1000;
/** Readiness green within 10 s of the service answering again. */
const TARGET_MS = 10_000;

async function ready(baseUrl: string): Promise<boolean> {
  return (await fetch(`${baseUrl}/api/ready`).catch(() => undefined))?.status === 200;
}

async function recoveries(label: string, service: StoppableService, baseUrl: string): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await service.stop();
    await waitUntil('readiness red', async () => !(await ready(baseUrl)), 30_000);
    if (round === ROUNDS - 1) await new Promise((resolve) => setTimeout(resolve, LONG_OUTAGE_MS));
    await service.start();
    const back = performance.now();
    while (!(await ready(baseUrl))) {
      if (performance.now() - back > 60_000) throw new Error(`${label}: not ready a minute after it came back`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    times.push(performance.now() - back);
  }
  console.log(`${label}: readiness green ${times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} after it came back (${ROUNDS} outages, the last ${LONG_OUTAGE_MS / 1000} s long; target under ${TARGET_MS} ms)`);
  return Math.max(...times);
}

const [postgres, redis] = await Promise.all([startPostgresCluster(), startRedis()]);
let slowest = 0;
try {
  const admin = new pg.Client({ connectionString: postgres.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE recovery_redis');
  await admin.query('CREATE DATABASE recovery_database');
  await admin.end();
  const env = { SESSION_SECRET: 'a-session-secret-for-the-recovery-benchmark' };
  const withRedis = await startServer({ ...env, DATABASE_URL: postgres.url('recovery_redis'), REDIS_URL: redis.url });
  try {
    slowest = Math.max(slowest, await recoveries('Redis restarted', redis, withRedis.baseUrl));
  } finally {
    await stopServer(withRedis);
  }
  const withoutRedis = await startServer({ ...env, DATABASE_URL: postgres.url('recovery_database') });
  try {
    slowest = Math.max(slowest, await recoveries('PostgreSQL restarted (notification connection included)', postgres, withoutRedis.baseUrl));
  } finally {
    await stopServer(withoutRedis);
  }
} finally {
  await Promise.all([postgres.dispose(), redis.dispose()]);
}
process.exitCode = slowest < TARGET_MS ? 0 : 1;
