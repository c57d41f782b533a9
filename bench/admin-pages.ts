// The admin pages' API on a realistic load: 10,000 members and 200,000 analytics events
// (with their codes, applications, claims and form submissions) in a fresh SQLite database, the
// real server started as in production, an administrator signed in, and each page's endpoint
// timed: p50 and max of ROUNDS sequential requests after a warm-up. Target: every p50 under a second.
//   npm run bench -- admin-pages      (BENCH_ROUNDS to change the number of requests)
// ENDPOINTS is the one list of what is timed: append a new admin page's endpoint there.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { QUOTE_ESTIMATE_CALCULATED, QUOTE_STEP_VIEWED } from '@shared/domain/analytics/events';
import { WIZARD_STEPS } from '@shared/contracts/quote-steps';
import { openDatabase } from '../server/src/db/client';
import { addDays, perthDay } from '@shared/perth-time';
import { benchServerEnv, freePort, repositoryRoot, signInThroughProxy, waitForHealth } from './_server';
import { ensureSeason } from '../server/src/testing/dashboard-fixtures';

const MEMBERS = 10_000;
const EVENTS = 200_000;
const APPLICATIONS = 3_000;
const TARGET_P50_MS = 1_000;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 15);
const BATCH = 2_000;
const DAY_MS = 86_400_000;
const admin = { email: 'bench-admin@grainmutual.example', password: 'bench-admin-password-long' };

const today = perthDay(new Date());
const yearAgo = addDays(today, -364);

/** Every admin page's API call, as the page makes it. */
const ENDPOINTS: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'Admin dashboard overview', path: '/api/admin/overview' },
  { name: 'Members (first page)', path: '/api/admin/members' },
  { name: 'Members (search)', path: '/api/admin/members?search=grower-77' },
  { name: 'Claims', path: '/api/admin/claims' },
  { name: 'Form submissions', path: '/api/admin/form-submissions' },
  { name: 'Analytics summary (30 days)', path: '/api/admin/analytics/summary' },
  { name: 'Analytics summary (a year)', path: `/api/admin/analytics/summary?from=${yearAgo}&to=${today}` },
  { name: 'Registration analytics (30 days)', path: '/api/admin/analytics/registrations' },
  { name: 'Registration analytics (a year, weeks)', path: `/api/admin/analytics/registrations?from=${yearAgo}&to=${today}&bucket=week` },
  { name: 'Registration analytics CSV (a year)', path: `/api/admin/analytics/registrations.csv?from=${yearAgo}&to=${today}&bucket=week` },
  { name: 'Quote funnel (30 days)', path: '/api/admin/analytics/quote-funnel' },
  { name: 'Quote funnel (a year)', path: `/api/admin/analytics/quote-funnel?from=${yearAgo}&to=${today}` },
  { name: 'Quote funnel CSV (a year)', path: `/api/admin/analytics/quote-funnel.csv?from=${yearAgo}&to=${today}` },
  { name: 'Support requests (open queue)', path: '/api/admin/support-requests' },
  { name: 'CRM leads (first page)', path: '/api/admin/crm/leads' },
  { name: 'CRM conversion (90 days)', path: '/api/admin/crm/leads/conversion' },
  { name: 'User lookup (a name)', path: '/api/admin/user-lookup?q=grower' },
  { name: 'User lookup (an e-mail)', path: '/api/admin/user-lookup?q=grower-77%40bench.example' },
  { name: 'User tracking (a member)', path: '/api/admin/user-tracking/member-77' },
];

/** A repeatable pseudo-random sequence, so every run seeds the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return state / 4_294_967_296;
  };
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let index = 0; index < rows.length; index += BATCH) await write(rows.slice(index, index + BATCH));
}

async function seed(databaseUrl: string) {
  const started = performance.now();
  const db = await openDatabase(databaseUrl);
  // A throwaway database: no need to wait for the disk on every batch.
  await db.$executeRawUnsafe('PRAGMA synchronous = OFF');
  const next = random(12);
  const now = Date.now();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const within = (days: number) => new Date(now - Math.floor(next() * days * DAY_MS));

  const referrerCodes = ['WBA', 'AGX', 'NRG', 'GSP', 'KWB'];
  const partners = referrerCodes.map((code, index) => ({
    id: `partner-${index}`,
    email: `partner-${index}@bench.example`,
    firstName: 'Partner',
    lastName: code,
    permissions: [],
    createdAt: new Date(now - 500 * DAY_MS),
  }));
  const brokers = Array.from({ length: 20 }, (_, index) => ({
    id: `broker-${index}`,
    email: `broker-${index}@bench.example`,
    firstName: 'Broker',
    lastName: String(index),
    isBroker: true,
    permissions: [],
    createdAt: new Date(now - 500 * DAY_MS),
  }));
  await db.user.createMany({ data: [...partners, ...brokers] });
  await db.referrer.createMany({ data: referrerCodes.map((code, index) => ({ userId: `partner-${index}`, code, organisation: `Agronomy ${code}` })) });

  const members = Array.from({ length: MEMBERS }, (_, index) => {
    const roll = next();
    return {
      id: `member-${index}`,
      email: `grower-${index}@bench.example`,
      passwordHash: 'not-a-real-hash',
      firstName: 'Grower',
      lastName: `Number ${index}`,
      phone: '0400 000 000',
      permissions: [],
      referredByCode: roll < 0.12 ? pick(referrerCodes) : null,
      brokerId: roll > 0.94 ? pick(brokers).id : null,
      emailVerifiedAt: new Date(now),
      createdAt: within(400),
    };
  });
  await inBatches(members, (batch) => db.user.createMany({ data: batch }));

  // A code per member (sent a few minutes before the account), and codes of people who never registered.
  const codes = [
    ...members.map((member) => {
      const sent = new Date(member.createdAt.getTime() - 10 * 60_000);
      return { email: member.email, codeHash: 'x', expiresAt: sent, createdAt: sent, verifiedAt: new Date(sent.getTime() + 20_000 + Math.floor(next() * 7_200_000)) };
    }),
    ...Array.from({ length: 3_000 }, (_, index) => {
      const sent = within(400);
      return { email: `visitor-${index}@bench.example`, codeHash: 'x', expiresAt: sent, createdAt: sent, verifiedAt: next() < 0.4 ? new Date(sent.getTime() + 60_000) : null };
    }),
  ];
  await inBatches(codes, (batch) => db.emailVerification.createMany({ data: batch }));

  // Quote visits walk the wizard's steps until they stop; estimates, page views and others fill up to EVENTS.
  const events: Array<{ event: string; properties: object; userId: string | null; sessionId: string | null; occurredAt: Date }> = [];
  let session = 0;
  while (events.length < EVENTS * 0.55) {
    session += 1;
    let time = within(365).getTime();
    const member = pick(members);
    for (const step of WIZARD_STEPS) {
      events.push({ event: QUOTE_STEP_VIEWED, properties: { step }, userId: null, sessionId: `tab-${session}`, occurredAt: new Date(time) });
      if (step === 'estimate-display')
        for (const coverageType of ['hail', 'fire', 'both'])
          events.push({ event: QUOTE_ESTIMATE_CALCULATED, properties: { coverageType }, userId: member.id, sessionId: `tab-${session}`, occurredAt: new Date(time) });
      time += 5_000 + Math.floor(next() * 300_000);
      if (next() < 0.18) break;
    }
  }
  const paths = ['/', '/faq', '/about', '/quote', '/contact', '/corporate-documents'];
  while (events.length < EVENTS) {
    const roll = next();
    events.push(
      roll < 0.9
        ? { event: 'page_view', properties: { path: pick(paths) }, userId: null, sessionId: `tab-${Math.floor(next() * session)}`, occurredAt: within(365) }
        : { event: 'quote_cta.clicked', properties: { place: 'hero', mode: 'wizard' }, userId: null, sessionId: null, occurredAt: within(365) },
    );
  }
  await inBatches(events, (batch) => db.analyticsEvent.createMany({ data: batch }));

  const zones = ['CWB', 'EWB', 'NWB', 'SWB', 'GER'];
  const crops = ['wheat', 'barley', 'canola', 'lupins', 'oats'];
  const applications = Array.from({ length: APPLICATIONS }, (_, index) => ({
    id: `application-${index}`,
    userId: pick(members).id,
    coverageType: pick(['hail', 'fire', 'both']),
    zoneCode: pick(zones),
    quoteDate: today,
    seasonYear: 2026,
    modelVersion: 'bench',
    premium: 4000,
    displayedPremium: 4400,
    totalPayable: 4900,
    insuredValue: 500_000,
    coveredArea: 300,
    estimate: {},
    pricing: {},
    quoteData: {},
    acknowledgements: {},
    submittedAt: within(365),
  }));
  await ensureSeason(db, 2026);
  await inBatches(applications, (batch) => db.protectionApplication.createMany({ data: batch }));
  const allocations = applications.flatMap((application, index) =>
    [0, 1].map((sortOrder) => ({
      applicationId: application.id,
      sectionId: `s${sortOrder}`,
      cropType: crops[(index + sortOrder) % crops.length] ?? 'wheat',
      hectares: 150,
      expectedYield: 2.5,
      pricePerTonne: 400,
      hurdlePercentage: 5,
      insuredValue: 150_000,
      grossPremium: 2000,
      sortOrder,
    })),
  );
  await inBatches(allocations, (batch) => db.protectionCrop.createMany({ data: batch }));
  const claims = applications.slice(0, 1_500).map((application, index) => ({
    reference: `CLM-${String(index).padStart(6, '0')}`,
    userId: application.userId,
    applicationId: application.id,
    peril: 'hail',
    eventDate: today,
    affectedPaddocks: [],
    estimatedLossCents: 500_000,
    description: 'Hail damage across the north paddocks.',
    status: pick(['lodged', 'assessing', 'approved', 'declined']),
    lodgedById: application.userId,
    createdAt: within(365),
  }));
  await inBatches(claims, (batch) => db.claim.createMany({ data: batch }));
  const submissions = Array.from({ length: 5_000 }, (_, index) => ({
    type: 'contact',
    name: `Visitor ${index}`,
    email: `visitor-${index}@bench.example`,
    message: 'Please call me about hail cover.',
    createdAt: within(365),
  }));
  await inBatches(submissions, (batch) => db.formSubmission.createMany({ data: batch }));
  await db.$disconnect();
  console.log(
    `seeded ${MEMBERS} members, ${codes.length} codes, ${events.length} events, ${APPLICATIONS} applications, ${claims.length} claims, ${submissions.length} form submissions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-admin-'));
  const databaseUrl = `file:${join(dir, 'bench.db')}`;
  await seed(databaseUrl);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(repositoryRoot, 'server', 'src', 'index.ts')], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...benchServerEnv(dir, port),
      DATABASE_URL: databaseUrl,
      // Production cookies are Secure: the benchmark calls as a TLS-terminating proxy on this host would.
      TRUST_PROXY: 'loopback',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
  });
  try {
    await waitForHealth(base, server, { timeoutMs: 180_000 });
    const { cookie } = await signInThroughProxy(base, admin);
    let missed = 0;
    console.log(`${'endpoint'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'max ms'.padStart(8)}  bytes`);
    for (const endpoint of ENDPOINTS) {
      const times: number[] = [];
      let bytes = 0;
      for (let round = 0; round <= ROUNDS; round += 1) {
        const started = performance.now();
        const response = await fetch(`${base}${endpoint.path}`, { headers: { Cookie: cookie, 'X-Forwarded-Proto': 'https' } });
        const body = await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (!response.ok) throw new Error(`GET ${endpoint.path} answered ${response.status}: ${Buffer.from(body).toString()}`);
        bytes = body.byteLength;
        // The first request warms the route up (JIT, prepared statements) and is not counted.
        if (round > 0) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 0.5);
      const max = times.at(-1) ?? 0;
      if (p50 >= TARGET_P50_MS) missed += 1;
      console.log(`${endpoint.name.padEnd(42)} ${p50.toFixed(0).padStart(8)} ${max.toFixed(0).padStart(8)}  ${bytes}${p50 >= TARGET_P50_MS ? '  MISSED' : ''}`);
    }
    console.log(`${ENDPOINTS.length - missed} of ${ENDPOINTS.length} endpoints answered in under ${TARGET_P50_MS} ms at p50 (${ROUNDS} requests each).`);
    return missed ? 1 : 0;
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
