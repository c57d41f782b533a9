// A signed-in page opened over a country connection: the release build started on a fresh database
// behind a TLS proxy as in production (docs/operations.md), an administrator signed in, and
// /dashboard and /admin each opened ROUNDS times in a new browser context (nothing cached), over
// HTTP/1.1 and over HTTP/2, on two connections Chromium's own throttling makes. Printed per row,
// medians from the navigation's start: when the session was asked for and answered, and when the
// page's heading showed. Targets, over HTTP/2 (docs/operations.md asks the load balancer for it): the
// heading within each connection's targetMs. HTTP/1.1 is printed beside it, for comparison.
//   npm run bench -- guarded-page-load     (BENCH_SKIP_BUILD=1 to use the build as it is; BENCH_ROUNDS)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import { createSecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import proxy from 'http2-proxy';
import { SESSION_PATH } from '@shared/constants';
import { findChromium } from '../scripts/browser.mjs';
import { benchServerEnv, freePort, repositoryRoot, startBuiltServer, stopBuiltServer, waitForHealth } from './_server';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const kbitPerSecond = (kbit: number) => (kbit * 1024) / 8;
/** The connections a grower opens the site on (Chromium adds the latency to each request), and the heading's target on each over HTTP/2. */
const CONNECTIONS = [
  // Lighthouse's mobile throttling: a phone in the paddock on 4G at the edge of coverage.
  { name: 'mobile', targetMs: 4_000, conditions: { offline: false, latency: 150, downloadThroughput: kbitPerSecond(1_638.4), uploadThroughput: kbitPerSecond(750) } },
  // NBN's Sky Muster satellite, the fixed line of many Wheatbelt farms: wide, but about 600 ms there and back.
  { name: 'satellite', targetMs: 5_000, conditions: { offline: false, latency: 600, downloadThroughput: kbitPerSecond(25_000), uploadThroughput: kbitPerSecond(5_000) } },
] as const;
type Connection = (typeof CONNECTIONS)[number];
const PROTOCOLS = ['HTTP/1.1', 'HTTP/2'] as const;
const PAGES = [
  { path: '/dashboard', heading: 'G’day, Administrator' },
  { path: '/admin', heading: 'Admin Dashboard' },
];
const admin = { email: 'bench-admin@grainmutual.example', password: 'bench-admin-password-long' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One opening of `path` in a new context: when the session was asked for and answered, and when the heading showed (ms from the navigation's start). */
async function openOnce(browser: Browser, base: string, path: string, heading: string, connection: Connection) {
  const context = await browser.newContext({ baseURL: base, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    // Signed in from the browser, as the sign-in page does, on a page that loads none of the app's code (nothing is cached).
    await page.goto('/favicon.svg');
    const signedIn = await page.evaluate(
      async (credentials) => (await fetch('/api/auth/signin', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(credentials) })).status,
      admin,
    );
    if (signedIn !== 200) throw new Error(`Signing in answered ${signedIn}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', connection.conditions);
    await page.goto(path, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
    return await page.evaluate((sessionPath) => {
      const session = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === sessionPath) as { startTime: number; responseEnd: number } | undefined;
      return { asked: session?.startTime ?? Number.NaN, answered: session?.responseEnd ?? Number.NaN, heading: performance.now() };
    }, SESSION_PATH);
  } finally {
    await context.close();
  }
}

/** The load balancer: TLS with a certificate made for the run, HTTP/2 or HTTP/1.1 as the browser chooses, X-Forwarded-Proto set. */
function startTlsProxy(dir: string, port: number, upstreamPort: number) {
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert], {
    stdio: 'ignore',
  });
  if (made.status !== 0) throw new Error('openssl could not make the proxy’s certificate');
  const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true });
  server.on('request', (req, res) =>
    proxy.web(
      req,
      res,
      {
        hostname: '127.0.0.1',
        port: upstreamPort,
        onReq: async (_incoming, options) => {
          options.headers = { ...(options.headers as OutgoingHttpHeaders), 'x-forwarded-proto': 'https' };
        },
      },
      (error) => {
        if (error) res.destroy(error);
      },
    ),
  );
  return new Promise<typeof server>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (!process.env['BENCH_SKIP_BUILD']) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repositoryRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-guarded-'));
const [port, proxyPort] = [await freePort(), await freePort()];
const base = `https://localhost:${proxyPort}`;
// The built web app is served (STATIC_DIR left at its default), unlike the API-only benchmarks.
const { STATIC_DIR: _apiOnly, ...env } = benchServerEnv(dir, port);
const server = startBuiltServer({ ...env, PUBLIC_URL: base, TRUST_PROXY: '1', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
const tlsProxy = await startTlsProxy(dir, proxyPort, port);
const launch = (protocol: (typeof PROTOCOLS)[number]) => chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu', ...(protocol === 'HTTP/1.1' ? ['--disable-http2'] : [])] });
let missed = 0;
try {
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  for (const protocol of PROTOCOLS) {
    const browser = await launch(protocol);
    try {
      await openOnce(browser, base, PAGES[0]!.path, PAGES[0]!.heading, CONNECTIONS[0]); // the server's first answers (its caches, Prisma's plans) are not a grower's
      for (const connection of CONNECTIONS) {
        for (const { path, heading } of PAGES) {
          const runs: Array<Awaited<ReturnType<typeof openOnce>>> = [];
          for (let round = 0; round < ROUNDS; round += 1) runs.push(await openOnce(browser, base, path, heading, connection));
          const [asked, answered, shown] = (['asked', 'answered', 'heading'] as const).map((key) => median(runs.map((run) => run[key])));
          const target = protocol === 'HTTP/2' ? `; target under ${connection.targetMs} ms` : '';
          console.log(
            `${protocol.padEnd(8)} ${connection.name.padEnd(9)} ${path.padEnd(10)} session asked at ${asked!.toFixed(0)} ms, answered at ${answered!.toFixed(0)} ms; heading at ${shown!.toFixed(0)} ms (median of ${ROUNDS}${target})`,
          );
          if (protocol === 'HTTP/2' && !(shown! < connection.targetMs)) missed += 1;
        }
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  tlsProxy.close();
  await stopBuiltServer(server);
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = missed ? 1 : 0;
