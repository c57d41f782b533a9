/**
 * The session_user migration gives each session signed in before it its user, read
 * from the session's data, so a member's settings list it at once. Run on the database the suite
 * runs on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../testing/test-database';
import { migrationsDir } from './migrations';
import { providerOf } from './provider';

const MIGRATION = '20261127184523_session_user';
/** The table as every migration before this one left it. */
const TABLE = 'CREATE TABLE "Session" ("id" TEXT NOT NULL PRIMARY KEY, "sid" TEXT NOT NULL, "data" TEXT NOT NULL, "expiresAt" TIMESTAMP NOT NULL)';

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabaseUrl();
});
afterAll(() => database.drop());

const sessions = [
  { sid: 'signed-in', data: JSON.stringify({ cookie: { path: '/' }, userId: 'user-1', signedInAt: 1 }) },
  { sid: 'visitor', data: JSON.stringify({ cookie: { path: '/' } }) },
  { sid: 'odd', data: JSON.stringify({ cookie: { path: '/' }, userId: 42 }) },
  { sid: 'not-json', data: 'not json' },
];

async function migrate(): Promise<Array<{ sid: string; userId: string | null }>> {
  const migration = readFileSync(join(migrationsDir(providerOf(database.url)), MIGRATION, 'migration.sql'), 'utf8');
  const select = 'SELECT "sid", "userId" FROM "Session" ORDER BY "sid"';
  if (providerOf(database.url) === 'sqlite') {
    const db = new Database(database.url.slice('file:'.length));
    db.exec(TABLE);
    const insert = db.prepare('INSERT INTO "Session" ("id", "sid", "data", "expiresAt") VALUES (?, ?, ?, 0)');
    for (const session of sessions) insert.run(session.sid, session.sid, session.data);
    db.exec(migration);
    const rows = db.prepare(select).all() as Array<{ sid: string; userId: string | null }>;
    db.close();
    return rows;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(TABLE.replace('TIMESTAMP', 'TIMESTAMP(3)'));
    for (const session of sessions) await client.query('INSERT INTO "Session" ("id", "sid", "data", "expiresAt") VALUES ($1, $1, $2, now())', [session.sid, session.data]);
    await client.query(migration);
    return (await client.query<{ sid: string; userId: string | null }>(select)).rows;
  } finally {
    await client.end();
  }
}

it('fills each signed-in session’s user from its data, and leaves the others without one', async () => {
  expect(await migrate()).toEqual([
    { sid: 'not-json', userId: null },
    { sid: 'odd', userId: null },
    { sid: 'signed-in', userId: 'user-1' },
    { sid: 'visitor', userId: null },
  ]);
});
