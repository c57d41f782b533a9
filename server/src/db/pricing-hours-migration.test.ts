/**
 * The pricing_hours migration keeps the monitor's history: the runs recorded one row per answer are
 * added up into the hourly totals before their table goes. Run on the database the suite runs on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../testing/test-database';
import { migrationsDir } from './migrations';
import { providerOf } from './provider';

const SQL = { before: '20261123155517_pricing_runs', after: '20261127183820_pricing_hours' };

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabaseUrl();
});
afterAll(() => database.drop());

interface Run {
  pricedAt: string;
  zoneCode: string;
  premium: number;
  latencyMs: number;
  atMinimumPremium: boolean;
  crops: Array<{ cropType: string; insuredValue: number; premium: number }>;
}

const runs: Run[] = [
  { pricedAt: '2026-11-17T01:05:00Z', zoneCode: 'EWB', premium: 500, latencyMs: 4, atMinimumPremium: true, crops: [{ cropType: 'wheat', insuredValue: 50_000, premium: 500 }] },
  {
    pricedAt: '2026-11-17T01:55:00Z',
    zoneCode: 'EWB',
    premium: 3_000,
    latencyMs: 12,
    atMinimumPremium: false,
    crops: [
      { cropType: 'wheat', insuredValue: 100_000, premium: 1_500 },
      { cropType: 'canola', insuredValue: 50_000, premium: 1_500 },
    ],
  },
  { pricedAt: '2026-11-17T02:00:00Z', zoneCode: 'EWB', premium: 2_000, latencyMs: 30, atMinimumPremium: false, crops: [{ cropType: 'wheat', insuredValue: 100_000, premium: 2_000 }] },
];

const migration = (name: string) => readFileSync(join(migrationsDir(providerOf(database.url)), name, 'migration.sql'), 'utf8');
const insuredValue = (run: Run) => run.crops.reduce((total, crop) => total + crop.insuredValue, 0);
const columns = '"id", "pricedAt", "zoneCode", "coverageType", "crops", "insuredValue", "premium", "rateOnLine", "atMinimumPremium", "canolaCapApplied", "discountCapApplied", "modelVersion", "latencyMs"';

/** The totals the migration left, in a stable order, with instants as ISO strings. */
async function migrate(): Promise<{ hours: unknown[]; crops: unknown[]; buckets: unknown[] }> {
  const queries = {
    hours: 'SELECT "hourStart", "runs", "premium", "atMinimumPremium" FROM "PricingHour" ORDER BY "hourStart"',
    crops: 'SELECT "hourStart", "cropType", "runs", "insuredValue", "premium" FROM "PricingHourCrop" ORDER BY "hourStart", "cropType"',
    buckets: 'SELECT "hourStart", "measure", "fromValue", "count" FROM "PricingHourBucket" ORDER BY "hourStart", "measure", "fromValue"',
  };
  if (providerOf(database.url) === 'sqlite') {
    const db = new Database(database.url.slice('file:'.length));
    db.exec(migration(SQL.before));
    const insert = db.prepare(`INSERT INTO "PricingRun" (${columns}) VALUES (?, ?, ?, 'hail', ?, ?, ?, 0, ?, 0, 0, 'v1', ?)`);
    // The adapter keeps instants as Unix milliseconds (server/src/db/adapter.ts).
    runs.forEach((run, index) => insert.run(`r${index}`, Date.parse(run.pricedAt), run.zoneCode, JSON.stringify(run.crops), insuredValue(run), run.premium, run.atMinimumPremium ? 1 : 0, run.latencyMs));
    db.exec(migration(SQL.after));
    const read = (sql: string) => (db.prepare(sql).all() as Array<{ hourStart: number }>).map((row) => ({ ...row, hourStart: new Date(row.hourStart).toISOString() }));
    const result = { hours: read(queries.hours), crops: read(queries.crops), buckets: read(queries.buckets) };
    db.close();
    return result;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(migration(SQL.before));
    for (const [index, run] of runs.entries()) {
      await client.query(`INSERT INTO "PricingRun" (${columns}) VALUES ($1, $2, $3, 'hail', $4, $5, $6, 0, $7, false, false, 'v1', $8)`, [
        `r${index}`,
        run.pricedAt.replace('Z', ''),
        run.zoneCode,
        JSON.stringify(run.crops),
        insuredValue(run),
        run.premium,
        run.atMinimumPremium,
        run.latencyMs,
      ]);
    }
    await client.query(migration(SQL.after));
    const read = async (sql: string) => (await client.query<{ hourStart: Date }>(sql)).rows.map((row) => ({ ...row, hourStart: new Date(`${row.hourStart.toISOString().slice(0, 19)}`).toISOString() }));
    return { hours: await read(queries.hours), crops: await read(queries.crops), buckets: await read(queries.buckets) };
  } finally {
    await client.end();
  }
}

it('adds the runs recorded one by one into their hours, crops and buckets, and drops the runs', async () => {
  const totals = await migrate();
  const one = '2026-11-17T01:00:00.000Z';
  const two = '2026-11-17T02:00:00.000Z';
  expect(totals.hours).toEqual([
    { hourStart: one, runs: 2, premium: 3_500, atMinimumPremium: 1 },
    { hourStart: two, runs: 1, premium: 2_000, atMinimumPremium: 0 },
  ]);
  expect(totals.crops).toEqual([
    { hourStart: one, cropType: 'canola', runs: 1, insuredValue: 50_000, premium: 1_500 },
    { hourStart: one, cropType: 'wheat', runs: 2, insuredValue: 150_000, premium: 2_000 },
    { hourStart: two, cropType: 'wheat', runs: 1, insuredValue: 100_000, premium: 2_000 },
  ]);
  expect(totals.buckets).toEqual([
    { hourStart: one, measure: 'latency', fromValue: 2, count: 1 },
    { hourStart: one, measure: 'latency', fromValue: 10, count: 1 },
    { hourStart: one, measure: 'premium', fromValue: 0, count: 1 },
    { hourStart: one, measure: 'premium', fromValue: 2_500, count: 1 },
    { hourStart: two, measure: 'latency', fromValue: 20, count: 1 },
    { hourStart: two, measure: 'premium', fromValue: 1_000, count: 1 },
  ]);
});
