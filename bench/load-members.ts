// 100 members working at once on one release server: each signed in with a cookie of its
// own and looping, with think time between calls, over what the quote wizard does most: read the
// session, price 20 paddocks, auto-save the draft. Prints p50, p99, max and errors per call.
// Target: every call's p99 under 500 ms and no errors.
//   node --import tsx bench/load-members.ts              SQLite (the default database), sessions in it
//   node --import tsx bench/load-members.ts --postgres   PostgreSQL at 127.0.0.1:5432 (a fresh database,
//                                                         dropped afterwards), sessions in Redis at 127.0.0.1:6379
// BENCH_MEMBERS, BENCH_SECONDS (measured, after BENCH_WARMUP_SECONDS), BENCH_THINK_MS (mean pause
// between two calls of a member, drawn evenly from half to one and a half times it) change the load;
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof) for Chrome's profiler.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client';
import { hashPassword } from '../server/src/lib/password';
import { benchServerEnv, buildServer, freePort, startBuiltServer, waitForHealth } from './_server';

const TARGET_P99_MS = 500;
const members = Number(process.env['BENCH_MEMBERS'] ?? 100);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 30);
const warmupSeconds = Number(process.env['BENCH_WARMUP_SECONDS'] ?? 5);
const thinkMs = Number(process.env['BENCH_THINK_MS'] ?? 1000);
const cpuProfileDir = process.env['BENCH_CPU_PROF'];
const onPostgres = process.argv.includes('--postgres');
const postgresAdminUrl = process.env['BENCH_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'load-benchmark-password-long';
const PADDOCKS = 20;

const CALLS = ['GET /api/auth/session', 'POST /api/pricing/calculate (20 paddocks)', 'POST /api/quotes/draft (auto-save)'] as const;
type Call = (typeof CALLS)[number];

const CROPS = ['wheat', 'barley', 'canola', 'lupins', 'oats'] as const;
const MINIMUM_HURDLE: Record<string, number> = { canola: 10, lupins: 10 };
const crop = (index: number) => CROPS[index % CROPS.length] ?? 'wheat';
const pricingBody = JSON.stringify({
  coverageType: 'both',
  zone: 'CWB',
  coveragePreferences: { irrigation: false, hailNetting: false, frostPrevention: false },
  cropAllocations: Array.from({ length: PADDOCKS }, (_, index) => ({
    type: crop(index),
    hectares: 60 + ((index * 37) % 240),
    expectedYield: 1.5 + (index % 5) * 0.5,
    pricePerTonne: 250 + (index % 6) * 20,
    hurdlePercentage: Math.max(MINIMUM_HURDLE[crop(index)] ?? 0, (index % 3) * 5),
  })),
});

/** A square paddock outline of `size` degrees, as the farm map stores it. */
const square = (lng: number, lat: number, size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + size, lat],
      [lng + size, lat + size],
      [lng, lat + size],
      [lng, lat],
    ],
  ],
});

/** The wizard's quote after mapping 20 paddocks and filling their crops in; `round` changes a name, as typing does. */
function quoteData(round: number) {
  return {
    personalDetails: { firstName: 'Load', lastName: `Member ${round}`, email: 'load@bench.example' },
    farmData: {
      address: 'Lot 4 Great Eastern Hwy, Cunderdin WA',
      farmLocation: { lat: -31.6, lng: 117.2 },
      zone: 'CWB',
      paddockSections: Array.from({ length: PADDOCKS }, (_, index) => ({
        id: `p${index}`,
        name: `Paddock ${index}`,
        area: 60 + ((index * 37) % 240),
        crop: crop(index),
        geometry: square(117.2 + (index % 5) * 0.03, -31.6 - Math.floor(index / 5) * 0.03, 0.02),
      })),
    },
    cropDetails: {
      byCrop: Object.fromEntries(CROPS.map((type, index) => [type, { expectedYield: 1.5 + index * 0.5, pricePerTonne: 300 + index * 40, hurdlePercentage: MINIMUM_HURDLE[type] ?? 5 }])),
    },
  };
}

interface Member {
  id: string;
  cookie: string;
  draftId: string;
  version: number | undefined;
  saves: number;
}

const timings = new Map<Call, number[]>(CALLS.map((call) => [call, []]));
const failures = new Map<Call, Map<string, number>>(CALLS.map((call) => [call, new Map()]));
let measuring = false;

/** Signed in, same-site and behind the TLS proxy (production cookies are Secure), as the browser's calls are. */
const headers = (member: Member, json: boolean): Record<string, string> => ({
  Cookie: member.cookie,
  'Sec-Fetch-Site': 'same-origin',
  'X-Forwarded-Proto': 'https',
  ...(json ? { 'Content-Type': 'application/json' } : {}),
});

async function timed(call: Call, send: () => Promise<Response>): Promise<Response | undefined> {
  const started = performance.now();
  let failure: string | undefined;
  let response: Response | undefined;
  try {
    response = await send();
    await response.clone().arrayBuffer();
    if (!response.ok) failure = `${response.status} ${(await response.text()).slice(0, 120)}`;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (measuring) {
    timings.get(call)?.push(performance.now() - started);
    if (failure) failures.get(call)?.set(failure, (failures.get(call)?.get(failure) ?? 0) + 1);
  }
  return failure ? undefined : response;
}

const think = () => new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));

async function work(base: string, member: Member, until: () => boolean) {
  // Members start spread over one think time, as people do, not all in the same millisecond.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * thinkMs));
  while (!until()) {
    await timed('GET /api/auth/session', () => fetch(`${base}/api/auth/session`, { headers: headers(member, false) }));
    await think();
    await timed('POST /api/pricing/calculate (20 paddocks)', () => fetch(`${base}/api/pricing/calculate`, { method: 'POST', headers: headers(member, true), body: pricingBody }));
    await think();
    member.saves += 1;
    const saved = await timed('POST /api/quotes/draft (auto-save)', () =>
      fetch(`${base}/api/quotes/draft`, {
        method: 'POST',
        headers: headers(member, true),
        body: JSON.stringify({ userId: member.id, step: 'protection-calculator', quoteData: quoteData(member.saves), draftId: member.draftId, version: member.version }),
      }),
    );
    if (saved) member.version = ((await saved.json()) as { draft: { version: number } }).draft.version;
    await think();
  }
}

async function signIn(base: string, email: string): Promise<Member> {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-Proto': 'https' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`Signing in ${email} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { id: body.user.id, cookie, draftId: `load-draft-${body.user.id}`, version: undefined, saves: 0 };
}

/** Members with the real password hash (one hash for all: argon2 is slow on purpose), written straight to the database. */
async function seedMembers(databaseUrl: string): Promise<string[]> {
  const db = await openDatabase(databaseUrl);
  const passwordHash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: members }, (_, index) => `member-${index}@load.example`);
  await db.user.createMany({
    data: emails.map((email, index) => ({ email, passwordHash, firstName: 'Load', lastName: `Member ${index}`, permissions: [], emailVerifiedAt: new Date() })),
  });
  await db.$disconnect();
  return emails;
}

async function withPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The server process's CPU time so far in ms (Linux /proc; user + system, at 100 ticks a second),
 * or undefined elsewhere. On a shared machine the latencies move with the neighbours' load; the
 * CPU time a call costs the server does not, so it is what compares one change with another.
 */
function serverCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

function report(): number {
  let missed = 0;
  console.log(`${'call'.padEnd(44)} ${'calls'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'errors'.padStart(6)}`);
  for (const call of CALLS) {
    const times = (timings.get(call) ?? []).sort((a, b) => a - b);
    const errors = [...(failures.get(call)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
    const p99 = percentile(times, 0.99);
    const ok = p99 < TARGET_P99_MS && errors === 0 && times.length > 0;
    if (!ok) missed += 1;
    console.log(
      `${call.padEnd(44)} ${String(times.length).padStart(6)} ${percentile(times, 0.5).toFixed(0).padStart(7)} ${p99.toFixed(0).padStart(7)} ${(times.at(-1) ?? 0).toFixed(0).padStart(7)} ${String(errors).padStart(6)}${ok ? '' : '  MISSED'}`,
    );
    for (const [failure, count] of failures.get(call) ?? []) console.log(`    ${count} × ${failure}`);
  }
  return missed;
}

async function main(): Promise<number> {
  buildServer();

  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const postgresName = `grain_bench_load_${process.pid}`;
  let databaseUrl = `file:${join(dir, 'bench.db')}`;
  if (onPostgres) {
    await withPostgres((client) => client.query(`CREATE DATABASE "${postgresName}"`));
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${postgresName}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const signedIn: Member[] = [];
  try {
    const emails = await seedMembers(databaseUrl);
    server = startBuiltServer(
      { ...benchServerEnv(dir, port), DATABASE_URL: databaseUrl, TRUST_PROXY: 'loopback', ...(onPostgres ? { REDIS_URL: redisUrl } : {}) },
      cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir] : [],
    );
    await waitForHealth(base, server);
    const signInStarted = performance.now();
    for (let index = 0; index < emails.length; index += 10) signedIn.push(...(await Promise.all(emails.slice(index, index + 10).map((email) => signIn(base, email)))));
    console.log(
      `${members} members signed in in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s on ${onPostgres ? 'PostgreSQL, sessions in Redis' : 'SQLite, sessions in SQLite'}; ` +
        `${warmupSeconds} s warm-up, then ${seconds} s measured, think time ${thinkMs / 2}-${(thinkMs * 3) / 2} ms`,
    );

    const endsAt = performance.now() + (warmupSeconds + seconds) * 1000;
    let cpuAtStart: number | undefined;
    const warm = setTimeout(() => {
      measuring = true;
      cpuAtStart = serverCpuMs(server?.pid);
    }, warmupSeconds * 1000);
    await Promise.all(signedIn.map((member) => work(base, member, () => performance.now() >= endsAt)));
    clearTimeout(warm);
    measuring = false;
    const cpuAtEnd = serverCpuMs(server.pid);
    const total = CALLS.reduce((sum, call) => sum + (timings.get(call)?.length ?? 0), 0);
    const cpu = cpuAtStart !== undefined && cpuAtEnd !== undefined ? cpuAtEnd - cpuAtStart : undefined;
    console.log(
      `${total} calls in ${seconds} s (${(total / seconds).toFixed(0)} a second)` +
        (cpu === undefined ? '' : `; server CPU ${(cpu / total).toFixed(1)} ms a call, ${((100 * cpu) / (seconds * 1000)).toFixed(0)}% of one core`),
    );
    const missed = report();
    console.log(missed ? `${missed} of ${CALLS.length} calls missed p99 < ${TARGET_P99_MS} ms with no errors.` : `Every call answered with p99 under ${TARGET_P99_MS} ms and no errors.`);
    return missed ? 1 : 0;
  } finally {
    // Signing out removes the members' sessions (from the shared Redis too).
    await Promise.all(signedIn.map((member) => fetch(`${base}/api/auth/signout`, { method: 'POST', headers: headers(member, true), body: '{}' }).catch(() => undefined)));
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
    if (onPostgres) await withPostgres((client) => client.query(`DROP DATABASE IF EXISTS "${postgresName}" WITH (FORCE)`));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
