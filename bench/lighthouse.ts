// Lighthouse on the public pages: builds the release, starts it on a fresh database,
// and runs Lighthouse (mobile, its default) in Debian's Chromium on every page of the sitemap,
// printing the four category scores of each page, the metrics performance is made of, and the
// JavaScript it transferred. Targets: performance, best practices and SEO at least 95,
// accessibility 100; exits non-zero on a miss.
//   npm run bench -- lighthouse        (BENCH_SKIP_BUILD=1 to use the build as it is;
//                                       LIGHTHOUSE_PAGES=/,/quote for some pages only)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../scripts/browser.mjs';
import { SITEMAP_PATHS } from '../shared/site-pages';
import { benchServerEnv, freePort, repositoryRoot, waitForHealth } from './_server';

const PAGES = process.env['LIGHTHOUSE_PAGES']?.split(',') ?? SITEMAP_PATHS;
/** What the performance score is made of, in Lighthouse 12's weights: paints, blocking time, shift. */
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['SI', 'speed-index'],
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };

/**
 * One page's report. Lighthouse now and then loses its own trace (NO_NAVSTART and the like: no
 * scores, no metrics); such a run says nothing of the page and is run again, up to three times.
 */
async function audited(url: string, port: number) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === 3) throw new Error(`Lighthouse could not audit ${url}: ${failure.code} ${failure.message}`);
    console.log(`  ${url}: Lighthouse lost the run (${failure.code}); running it again`);
  }
}

if (!process.env['BENCH_SKIP_BUILD']) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repositoryRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The built web app is served (STATIC_DIR left at its default), unlike the API-only benchmarks.
const { STATIC_DIR: _apiOnly, ...env } = benchServerEnv(dir, port);
const server = spawn(process.execPath, [join(repositoryRoot, 'dist', 'server', 'index.mjs')], { cwd: repositoryRoot, stdio: ['ignore', 'ignore', 'inherit'], env });
const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
let missed = 0;
try {
  await waitForHealth(base, server);
  for (const path of PAGES) {
    const result = await audited(`${base}${path}`, chrome.port);
    const { categories, audits } = result.lhr;
    const scores = CATEGORIES.map((category) => ({ category, score: Math.round((categories[category]?.score ?? 0) * 100) }));
    const scripts = (audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items?.find((item) => item.resourceType === 'script');
    const shift = audits['cumulative-layout-shift']?.numericValue ?? 0;
    const metrics = METRICS.map(([label, id]) => `${label} ${audits[id]?.displayValue ?? '?'}`).join(', ');
    console.log(
      `${path.padEnd(20)} ${scores.map(({ category, score }) => `${category} ${score}`).join(', ')}; ${metrics}, CLS ${shift.toFixed(3)}; JavaScript ${((scripts?.transferSize ?? 0) / 1024).toFixed(0)} KB transferred`,
    );
    for (const { category, score } of scores) {
      if (score >= TARGETS[category]) continue;
      missed += 1;
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
        .map((audit) => audit.title);
      console.log(`  ${category} ${score} is under ${TARGETS[category]}; audits below 90: ${failing.slice(0, 8).join('; ')}`);
    }
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = missed ? 1 : 0;
