// Home page JavaScript weight: builds the web app, starts the real server on a fresh database,
// opens / in Chromium and adds up the compressed (on-the-wire) size of every script loaded, twice:
// - the page's own: what it loads to show and work, with idle-time work held back (the contact form
//   that loads once the page has settled, and docs/behaviour.md §9's link prefetch, which fetches the code of
//   pages linked from this one). Target: at most 120 KB, and no map or administration code.
// - with idle time: everything until the network is quiet, the prefetched next pages included;
//   printed, not a target (the quote's code is fetched ahead on purpose so the quote opens at once).
// Exits non-zero on a miss.
//   npm run bench -- home-page-weight
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { findChromium } from '../scripts/browser.mjs';

const BUDGET_BYTES = 120 * 1024;
/** Chunks that must not load on the home page. */
const FORBIDDEN = /(leaflet|geoman|farm-map|map-|admin|form-submissions-page)/i;
const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3190);
const dataDir = join(root, '.tmp', 'bench-home-page');

async function waitForHealth(url: string, server: ChildProcess) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not start within 60 s.');
}

interface Script {
  url: string;
  bytes: number;
  encoding: string;
}

/** Every script a fresh visit to / transfers, with its compressed size; idle callbacks never run when held back. */
async function scriptsLoaded(browser: Browser, base: string, { holdBackIdleWork }: { holdBackIdleWork: boolean }): Promise<Script[]> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  // As text: a function would be sent as its compiled source, which tsx gives helpers the page lacks.
  if (holdBackIdleWork) await context.addInitScript({ content: 'window.requestIdleCallback = () => 0;' });
  const page = await context.newPage();
  const scripts: Script[] = [];
  const pending: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? 'none' });
      })(),
    );
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(1_000);
  await Promise.all(pending);
  await context.close();
  return scripts;
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build:web failed.');
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${join(dataDir, 'app.db')}`,
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      SESSION_SECRET: 'bench-session-secret-long-enough-0123456789',
      LOG_LEVEL: 'warn',
    },
  });
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, server);
    const own = await scriptsLoaded(browser, base, { holdBackIdleWork: true });
    const all = await scriptsLoaded(browser, base, { holdBackIdleWork: false });
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const sum = (scripts: Script[]) => scripts.reduce((total, script) => total + script.bytes, 0);
    for (const script of own.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(script.bytes).padStart(10)}  ${script.encoding.padEnd(5)} ${script.url}`);
    const total = sum(own);
    console.log(`home page's own JavaScript, compressed: ${kb(total)} in ${own.length} files (budget ${BUDGET_BYTES / 1024} KB)`);
    const ownUrls = new Set(own.map((script) => script.url));
    const later = all.filter((script) => !ownUrls.has(script.url));
    console.log(`loaded in idle time after it (the contact form, and the linked pages' code fetched ahead): ${kb(sum(later))} in ${later.length} files; ${kb(sum(all))} in all`);
    const forbidden = all.filter((script) => FORBIDDEN.test(script.url));
    let ok = true;
    if (total > BUDGET_BYTES) {
      console.log(`MISS: over budget by ${((total - BUDGET_BYTES) / 1024).toFixed(1)} KB`);
      ok = false;
    }
    if (forbidden.length) {
      console.log(`MISS: map or administration code loaded: ${forbidden.map((script) => script.url).join(', ')}`);
      ok = false;
    }
    if (own.some((script) => script.encoding === 'none')) console.log('note: some scripts were sent uncompressed');
    if (ok) console.log('OK');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
