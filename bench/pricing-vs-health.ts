// POST /api/pricing/calculate with 50 paddocks against GET /api/health on the same real server, in
// the same run: pricing should manage 0.8 of the health check's request rate (docs/operations.md, "Under load").
//   npm run bench -- pricing-vs-health      (BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
// The server is built and started as in production (dist/server/index.mjs) on a fresh SQLite
// database, with rate limits off so the benchmark measures the work, not the limiter.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchServerEnv, buildServer, freePort, startBuiltServer, waitForHealth } from './_server';

interface AutocannonResult {
  requests: { total: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const TARGET_RATIO = 0.8;
const ROUND_SECONDS = 2;
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);

const CROPS = ['wheat', 'barley', 'canola', 'lupins', 'oats', 'field peas', 'triticale', 'rye', 'chickpeas'] as const;
const MINIMUM_HURDLE: Record<string, number> = { canola: 10, lupins: 10, 'field peas': 10 };
const pricingBody = JSON.stringify({
  coverageType: 'both',
  zone: 'EWB',
  referrerCode: null,
  coveragePreferences: { irrigation: false, hailNetting: false, frostPrevention: false },
  cropAllocations: Array.from({ length: 50 }, (_, index) => {
    const type = CROPS[index % CROPS.length] ?? 'wheat';
    return { type, hectares: 60 + ((index * 37) % 240), expectedYield: 1.5 + (index % 5) * 0.5, pricePerTonne: 250 + (index % 6) * 20, hurdlePercentage: Math.max(MINIMUM_HURDLE[type] ?? 0, (index % 3) * 5) };
  }),
});

async function main(): Promise<number> {
  buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'bench-pricing-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startBuiltServer(benchServerEnv(dir, port));
  try {
    await waitForHealth(base, server);
    const check = await fetch(`${base}/api/pricing/calculate`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' }, body: pricingBody });
    if (!check.ok) throw new Error(`POST /api/pricing/calculate answered ${check.status}: ${await check.text()}`);
    const priced = (await check.json()) as { premium: number; breakdown: unknown[] };
    console.log(`50 paddocks priced: premium $${priced.premium} over ${priced.breakdown.length} allocations`);

    const pricing = { url: `${base}/api/pricing/calculate`, method: 'POST' as const, headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' }, body: pricingBody };
    // Warm both routes up (JIT, the model cache, the connection pool) before measuring.
    await autocannon({ url: `${base}/api/health`, connections, duration: 2 });
    await autocannon({ ...pricing, connections, duration: 2 });

    // The machine is shared, so the load around the server drifts. Measure in alternating rounds
    // (health then pricing, then pricing then health, ...) so both routes see the same conditions.
    const rounds = Math.max(1, Math.round(seconds / ROUND_SECONDS));
    const roundSeconds = seconds / rounds;
    const totals = { health: { requests: 0, failed: 0, p99: 0 }, calculate: { requests: 0, failed: 0, p99: 0 } };
    const measure = async (which: 'health' | 'calculate') => {
      const result = await autocannon(which === 'health' ? { url: `${base}/api/health`, connections, duration: roundSeconds } : { ...pricing, connections, duration: roundSeconds });
      const total = totals[which];
      total.requests += result.requests.total;
      total.failed += result.non2xx + result.errors;
      total.p99 = Math.max(total.p99, result.latency.p99);
      return result.requests.total / roundSeconds;
    };
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? (['health', 'calculate'] as const) : (['calculate', 'health'] as const);
      const rates: Record<string, number> = {};
      for (const which of order) rates[which] = await measure(which);
      console.log(`round ${round + 1}/${rounds}: health ${rates['health']?.toFixed(0)} req/s, pricing ${rates['calculate']?.toFixed(0)} req/s`);
    }
    const healthRate = totals.health.requests / seconds;
    const calculateRate = totals.calculate.requests / seconds;
    console.log(`GET /api/health: ${healthRate.toFixed(0)} req/s (${totals.health.requests} requests, worst round p99 ${totals.health.p99} ms, ${totals.health.failed} failed)`);
    console.log(
      `POST /api/pricing/calculate (50 paddocks): ${calculateRate.toFixed(0)} req/s (${totals.calculate.requests} requests, worst round p99 ${totals.calculate.p99} ms, ${totals.calculate.failed} failed)`,
    );
    if (totals.health.failed + totals.calculate.failed > 0) {
      console.error('Some requests failed, so the rates do not measure the work.');
      return 1;
    }
    const ratio = calculateRate / healthRate;
    console.log(`ratio pricing / health: ${ratio.toFixed(2)} (target at least ${TARGET_RATIO}) with ${connections} connections × ${seconds} s each`);
    return ratio >= TARGET_RATIO ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
