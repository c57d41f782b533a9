// 100 members working at once on one release server: each signed in with a cookie of its
// own and looping, with think time between calls, over what the quote wizard does most: read the
// session, price 20 paddocks, auto-save the draft. Prints p50, p95, p99, max and errors per call.
// Target: every call's p99 under 500 ms and no errors.
//   node --import tsx bench/load-members.ts              SQLite (the default database), sessions in it
//   node --import tsx bench/load-members.ts --postgres   PostgreSQL at 127.0.0.1:5432 (a fresh database,
//                                                         dropped afterwards), sessions in Redis at 127.0.0.1:6379
// BENCH_MEMBERS, BENCH_SECONDS (measured, after BENCH_WARMUP_SECONDS), BENCH_THINK_MS (mean pause
// between two calls of a member, drawn evenly from half to one and a half times it) change the load;
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof) for Chrome's profiler.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/src/db/client';
import {
  benchDatabase,
  CallTimings,
  CROPS,
  cropOf,
  databaseLabel,
  loadServerEnv,
  MINIMUM_HURDLE,
  pricingRequestBody,
  processCpuMs,
  QUOTE_PADDOCKS,
  seedMembers,
  type SignedIn,
  signInAll,
  signOutAll,
  think,
} from './_load';
import { browserHeaders, buildServer, freePort, startBuiltServer, stopBuiltServer, waitForHealth } from './_server';
import { squareOutline } from '@shared/domain/geo/testing/square-outline';

const TARGET_P99_MS = 500;
const members = Number(process.env['BENCH_MEMBERS'] ?? 100);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 30);
const warmupSeconds = Number(process.env['BENCH_WARMUP_SECONDS'] ?? 5);
const thinkMs = Number(process.env['BENCH_THINK_MS'] ?? 1000);
const cpuProfileDir = process.env['BENCH_CPU_PROF'];

const CALLS = ['GET /api/auth/session', 'POST /api/pricing/calculate (20 paddocks)', 'POST /api/quotes/draft (auto-save)'] as const;
const timings = new CallTimings(CALLS);

/** The wizard's quote after mapping 20 paddocks and filling their crops in; `round` changes a name, as typing does. */
function quoteData(round: number) {
  return {
    personalDetails: { firstName: 'Load', lastName: `Member ${round}`, email: 'load@bench.example' },
    farmData: {
      address: 'Lot 4 Great Eastern Hwy, Cunderdin WA',
      farmLocation: { lat: -31.6, lng: 117.2 },
      zone: 'CWB',
      paddockSections: Array.from({ length: QUOTE_PADDOCKS }, (_, index) => ({
        id: `p${index}`,
        name: `Paddock ${index}`,
        area: 60 + ((index * 37) % 240),
        crop: cropOf(index),
        geometry: squareOutline(117.2 + (index % 5) * 0.03, -31.6 - Math.floor(index / 5) * 0.03, 0.02),
      })),
    },
    cropDetails: {
      byCrop: Object.fromEntries(CROPS.map((type, index) => [type, { expectedYield: 1.5 + index * 0.5, pricePerTonne: 300 + index * 40, hurdlePercentage: MINIMUM_HURDLE[type] ?? 5 }])),
    },
  };
}

/** A member's quote draft, auto-saved again and again. */
interface Draft {
  draftId: string;
  version: number | undefined;
  saves: number;
}

async function work(member: SignedIn, until: () => boolean) {
  const { base, cookie } = member;
  const draft: Draft = { draftId: `load-draft-${member.id}`, version: undefined, saves: 0 };
  // Members start spread over one think time, as people do, not all in the same millisecond.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * thinkMs));
  while (!until()) {
    await timings.timed('GET /api/auth/session', () => fetch(`${base}/api/auth/session`, { headers: browserHeaders(cookie) }));
    await think(thinkMs);
    await timings.timed('POST /api/pricing/calculate (20 paddocks)', () =>
      fetch(`${base}/api/pricing/calculate`, { method: 'POST', headers: browserHeaders(cookie, 'application/json'), body: pricingRequestBody }),
    );
    await think(thinkMs);
    draft.saves += 1;
    const saved = await timings.timed('POST /api/quotes/draft (auto-save)', () =>
      fetch(`${base}/api/quotes/draft`, {
        method: 'POST',
        headers: browserHeaders(cookie, 'application/json'),
        body: JSON.stringify({ userId: member.id, step: 'protection-calculator', quoteData: quoteData(draft.saves), draftId: draft.draftId, version: draft.version }),
      }),
    );
    if (saved) draft.version = ((await saved.json()) as { draft: { version: number } }).draft.version;
    await think(thinkMs);
  }
}

async function main(): Promise<number> {
  buildServer();

  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const database = await benchDatabase(dir, 'load');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const signedIn: SignedIn[] = [];
  try {
    const db = await openDatabase(database.url);
    const emails = (await seedMembers(db, members, 'load.example')).map((member) => member.email);
    await db.$disconnect();
    server = startBuiltServer(loadServerEnv(dir, port, database.url), cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir] : []);
    await waitForHealth(base, server);
    const signInStarted = performance.now();
    signedIn.push(...(await signInAll([base], emails)));
    console.log(
      `${members} members signed in in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s on ${databaseLabel}; ` +
        `${warmupSeconds} s warm-up, then ${seconds} s measured, think time ${thinkMs / 2}-${(thinkMs * 3) / 2} ms`,
    );

    const endsAt = performance.now() + (warmupSeconds + seconds) * 1000;
    let cpuAtStart: number | undefined;
    const warm = setTimeout(() => {
      timings.measuring = true;
      cpuAtStart = processCpuMs(server?.pid);
    }, warmupSeconds * 1000);
    await Promise.all(signedIn.map((member) => work(member, () => performance.now() >= endsAt)));
    clearTimeout(warm);
    timings.measuring = false;
    const cpuAtEnd = processCpuMs(server.pid);
    const total = timings.total();
    const cpu = cpuAtStart !== undefined && cpuAtEnd !== undefined ? cpuAtEnd - cpuAtStart : undefined;
    console.log(
      `${total} calls in ${seconds} s (${(total / seconds).toFixed(0)} a second)` +
        (cpu === undefined ? '' : `; server CPU ${(cpu / total).toFixed(1)} ms a call, ${((100 * cpu) / (seconds * 1000)).toFixed(0)}% of one core`),
    );
    const missed = timings.report(() => TARGET_P99_MS);
    console.log(missed ? `${missed} of ${CALLS.length} calls missed p99 < ${TARGET_P99_MS} ms with no errors.` : `Every call answered with p99 under ${TARGET_P99_MS} ms and no errors.`);
    return missed ? 1 : 0;
  } finally {
    await signOutAll(signedIn);
    if (server) await stopBuiltServer(server);
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
