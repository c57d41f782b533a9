// What the load benchmarks (load-members, storm-day) share: the database they run on (SQLite, or
// with --postgres a fresh PostgreSQL database, sessions in Redis), members seeded straight into it
// and each signed in with a cookie of its own, the quote wizard's pricing request, calls timed per
// kind with their percentiles, the think time between two calls, and what /proc says of a server
// process. Files starting with _ are not benchmarks (bench/run.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Database } from '../server/src/db/client';
import { hashPassword } from '../server/src/lib/password';
import { benchServerEnv, browserHeaders, signInThroughProxy } from './_server';

/** `--postgres`: PostgreSQL at 127.0.0.1:5432 (BENCH_POSTGRES_URL) and sessions in Redis at 127.0.0.1:6379 (BENCH_REDIS_URL). */
export const onPostgres = process.argv.includes('--postgres');
const postgresAdminUrl = process.env['BENCH_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
export const databaseLabel = onPostgres ? 'PostgreSQL, sessions in Redis' : 'SQLite, sessions in SQLite';

export interface BenchDatabase {
  url: string;
  /** Drops the PostgreSQL database (the SQLite file goes with the benchmark's folder). */
  drop: () => Promise<void>;
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

/** The benchmark's own database: a SQLite file in `dir`, or with --postgres a fresh PostgreSQL database named after `name`. */
export async function benchDatabase(dir: string, name: string): Promise<BenchDatabase> {
  if (!onPostgres) return { url: `file:${join(dir, 'bench.db')}`, drop: async () => undefined };
  const database = `grain_bench_${name}_${process.pid}`;
  await withPostgres((client) => client.query(`CREATE DATABASE "${database}"`));
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => withPostgres(async (client) => void (await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`))) };
}

/** A production server (benchServerEnv) on the benchmark's database, behind a TLS proxy on loopback, its sessions in Redis with --postgres. */
export function loadServerEnv(dir: string, port: number, databaseUrl: string): NodeJS.ProcessEnv {
  return { ...benchServerEnv(dir, port), DATABASE_URL: databaseUrl, TRUST_PROXY: 'loopback', ...(onPostgres ? { REDIS_URL: redisUrl } : {}) };
}

export const LOAD_PASSWORD = 'load-benchmark-password-long';
let passwordHash: Promise<string> | undefined;
/** The hash of the members' password, made once: argon2 is slow on purpose. */
export const loadPasswordHash = () => (passwordHash ??= hashPassword(LOAD_PASSWORD));

/** `count` members (member-<n>@<domain>) who sign in with the load password, written straight to the database; answered in order. */
export async function seedMembers(db: Database, count: number, domain: string): Promise<Array<{ id: string; email: string }>> {
  const hash = await loadPasswordHash();
  const emails = Array.from({ length: count }, (_, index) => `member-${index}@${domain}`);
  await db.user.createMany({
    data: emails.map((email, index) => ({ email, passwordHash: hash, firstName: 'Load', lastName: `Member ${index}`, permissions: [], emailVerifiedAt: new Date() })),
  });
  const idOf = new Map((await db.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } })).map((user) => [user.email, user.id]));
  return emails.map((email) => ({ id: idOf.get(email) ?? '', email }));
}

/** A member signed in on one server (`base`) with a cookie of their own. */
export interface SignedIn {
  id: string;
  cookie: string;
  base: string;
}

async function signIn(base: string, email: string): Promise<SignedIn> {
  const { cookie, body } = await signInThroughProxy(base, { email, password: LOAD_PASSWORD });
  return { id: (body as { user: { id: string } }).user.id, cookie, base };
}

/** Signs each in, ten at a time, the n-th on bases[n % bases.length]: the clients are spread evenly over the servers. */
export async function signInAll(bases: readonly string[], emails: readonly string[]): Promise<SignedIn[]> {
  const signedIn: SignedIn[] = [];
  for (let index = 0; index < emails.length; index += 10) {
    signedIn.push(...(await Promise.all(emails.slice(index, index + 10).map((email, offset) => signIn(bases[(index + offset) % bases.length]!, email)))));
  }
  return signedIn;
}

/** Signing out removes the members' sessions (from the shared Redis too); a server already gone is no matter. */
export async function signOutAll(members: readonly SignedIn[]): Promise<void> {
  await Promise.all(members.map((member) => fetch(`${member.base}/api/auth/signout`, { method: 'POST', headers: browserHeaders(member.cookie, 'application/json'), body: '{}' }).catch(() => undefined)));
}

/** The quote wizard's paddocks: 20, of these crops in turn, with the hurdle the crop must have at least. */
export const QUOTE_PADDOCKS = 20;
export const CROPS = ['wheat', 'barley', 'canola', 'lupins', 'oats'] as const;
export const MINIMUM_HURDLE: Record<string, number> = { canola: 10, lupins: 10 };
export const cropOf = (index: number) => CROPS[index % CROPS.length] ?? 'wheat';

/** POST /api/pricing/calculate's body for the wizard's 20 paddocks. */
export const pricingRequestBody = JSON.stringify({
  coverageType: 'both',
  zone: 'CWB',
  coveragePreferences: { irrigation: false, hailNetting: false, frostPrevention: false },
  cropAllocations: Array.from({ length: QUOTE_PADDOCKS }, (_, index) => ({
    type: cropOf(index),
    hectares: 60 + ((index * 37) % 240),
    expectedYield: 1.5 + (index % 5) * 0.5,
    pricePerTonne: 250 + (index % 6) * 20,
    hurdlePercentage: Math.max(MINIMUM_HURDLE[cropOf(index)] ?? 0, (index % 3) * 5),
  })),
});

/** A person's pause between two calls: drawn evenly from half to one and a half times `meanMs`. */
export const think = (meanMs: number) => new Promise((resolve) => setTimeout(resolve, meanMs * (0.5 + Math.random())));

export const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

/** Each kind of call's times (to the last byte of the answer) and failures, kept while `measuring`. */
export class CallTimings<Call extends string> {
  measuring = false;
  readonly #times: Map<Call, number[]>;
  readonly #failures: Map<Call, Map<string, number>>;

  constructor(readonly calls: readonly Call[]) {
    this.#times = new Map(calls.map((call) => [call, []]));
    this.#failures = new Map(calls.map((call) => [call, new Map()]));
  }

  /** Sends and times one call; answers the response when it succeeded. A failure is kept by its status and first words. */
  async timed(call: Call, send: () => Promise<Response>): Promise<Response | undefined> {
    const started = performance.now();
    let failure: string | undefined;
    let response: Response | undefined;
    try {
      response = await send();
      await response.clone().arrayBuffer();
      if (!response.ok) failure = `${response.status} ${(await response.text()).slice(0, 120)}`;
    } catch (error) {
      failure = error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error);
    }
    if (this.measuring) {
      this.#times.get(call)?.push(performance.now() - started);
      if (failure) this.#failures.get(call)?.set(failure, (this.#failures.get(call)?.get(failure) ?? 0) + 1);
    }
    return failure ? undefined : response;
  }

  total(): number {
    return this.calls.reduce((sum, call) => sum + (this.#times.get(call)?.length ?? 0), 0);
  }

  p99(call: Call): number {
    return percentile(
      [...(this.#times.get(call) ?? [])].sort((a, b) => a - b),
      0.99,
    );
  }

  /**
   * A line per call (calls, p50, p95, p99, max, errors) and each failure's reason. A call misses its
   * target when any failed, none was made, or its p99 is not under `targetMs(call)` (no p99 target
   * when undefined). Answers how many missed.
   */
  report(targetMs: (call: Call) => number | undefined): number {
    let missed = 0;
    const width = Math.max(...this.calls.map((call) => call.length));
    const columns = ['calls', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'];
    console.log(`${'call'.padEnd(width)} ${columns.map((column) => column.padStart(7)).join(' ')}`);
    for (const call of this.calls) {
      const times = [...(this.#times.get(call) ?? [])].sort((a, b) => a - b);
      const errors = [...(this.#failures.get(call)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
      const target = targetMs(call);
      const ok = errors === 0 && times.length > 0 && (target === undefined || percentile(times, 0.99) < target);
      if (!ok) missed += 1;
      const figures = [times.length, ...[0.5, 0.95, 0.99].map((share) => Math.round(percentile(times, share))), Math.round(times.at(-1) ?? 0), errors];
      console.log(`${call.padEnd(width)} ${figures.map((figure) => String(figure).padStart(7)).join(' ')}${ok ? '' : '  MISSED'}`);
      for (const [failure, count] of this.#failures.get(call) ?? []) console.log(`    ${count} × ${failure}`);
    }
    return missed;
  }
}

/**
 * The process's CPU time so far in ms (Linux /proc; user + system, at 100 ticks a second), or
 * undefined elsewhere. On a shared machine the latencies move with the neighbours' load; the CPU
 * time a call costs the server does not, so it is what compares one change with another.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The machine's CPU time so far, busy and in all, in ticks (Linux /proc/stat, every core), or undefined elsewhere. */
export function machineCpuTicks(): { busy: number; total: number } | undefined {
  try {
    // user nice system idle iowait irq softirq steal: idle and iowait are the cores' time with nothing to run.
    const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, each) => sum + each, 0);
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/**
 * A process's resident memory in MB from Linux /proc (its threads', sharp's and the alert worker's
 * included): now (VmRSS), or its peak so far (VmHWM); undefined elsewhere.
 */
export function processMemoryMb(pid: number | undefined, which: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const kilobytes = new RegExp(`^${which}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) / 1024;
  } catch {
    return undefined;
  }
}
