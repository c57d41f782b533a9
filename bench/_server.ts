// What the benchmarks share: a free port, the environment of a server on its own SQLite database,
// the built server started as in production, and waiting for it to answer /api/health. Files
// starting with _ are not benchmarks (bench/run.ts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { createServer } from 'node:net';

export const repositoryRoot = join(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A production server on its own database, outbox and blob folder in `dir`, with rate limits off so a benchmark measures the work, not the limiter. */
export function benchServerEnv(dir: string, port: number): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `file:${join(dir, 'bench.db')}`,
    SESSION_SECRET: 'benchmark-session-secret-long-enough-for-hmac',
    MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    BLOB_DIR: join(dir, 'blobs'),
    STATIC_DIR: dir,
    RATE_LIMIT_DISABLED: '1',
    LOG_LEVEL: 'warn',
  };
}

/** Same-site and behind the TLS proxy (production cookies are Secure), as a browser's calls are; signed in with `cookie`. */
export const browserHeaders = (cookie: string | undefined, contentType?: string): Record<string, string> => ({
  'Sec-Fetch-Site': 'same-origin',
  'X-Forwarded-Proto': 'https',
  ...(cookie ? { Cookie: cookie } : {}),
  ...(contentType ? { 'Content-Type': contentType } : {}),
});

/** Signs in at `base` as a browser's call through the proxy does: the session's Cookie header, and the answer's body. */
export async function signInThroughProxy(base: string, credentials: { email: string; password: string }): Promise<{ cookie: string; body: unknown }> {
  const response = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { ...browserHeaders(undefined, 'application/json'), Origin: base }, body: JSON.stringify(credentials) });
  if (!response.ok) throw new Error(`Signing in ${credentials.email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { cookie, body: await response.json() };
}

export async function waitForHealth(base: string, server: ChildProcess, { pollMs = 250, timeoutMs = 60_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** Builds the server as `npm start` runs it (dist/server/index.mjs), so a benchmark measures what production runs; exits the benchmark when the build fails. */
export function buildServer(): void {
  const build = spawnSync(process.execPath, ['-e', "await import('./scripts/build.mjs').then(async (b) => { await b.buildServer(); })"], { cwd: repositoryRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

/** Pino's level of an error; its log lines are JSON, one a line. */
const ERROR_LEVEL = 50;

/**
 * The built server, started with `env` (benchServerEnv and what the benchmark adds) and Node's
 * `flags` (a CPU profile, say). Its errors' log lines are passed on to the benchmark's stderr, so a
 * call that failed under load can be traced; the rest of its log is dropped.
 */
export function startBuiltServer(env: NodeJS.ProcessEnv, flags: string[] = []): ChildProcess {
  const server = spawn(process.execPath, [...flags, join(repositoryRoot, 'dist', 'server', 'index.mjs')], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'inherit'], env });
  createInterface({ input: server.stdout! }).on('line', (line) => {
    const level = Number(/^\{"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level >= ERROR_LEVEL) process.stderr.write(`server ${server.pid}: ${line}\n`);
  });
  return server;
}

/** Stops a server from startBuiltServer as production stops one (SIGTERM: requests in flight are finished) and waits until it has exited. */
export async function stopBuiltServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
