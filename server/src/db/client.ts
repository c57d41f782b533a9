import { type Prisma, PrismaClient as SqlitePrismaClient } from '../generated/prisma/client';
import { createAdapterFactory } from './adapter';
import { applyMigrations, pendingMigrations } from './migrations';
import { providerOf } from './provider';
import { markTransactionCallbacks, refusingQueriesBesideTransactions } from './transaction-guard';

/**
 * Both generated clients expose the same model API (they come from one schema), so the rest of the
 * server is written against the SQLite client's type whichever database is behind it.
 */
export type Database = SqlitePrismaClient;

/**
 * The client of a transaction (db.$transaction(async (tx) => …)): what a helper that writes takes,
 * so that it can run inside a command's transaction or on its own (a Database is one as well).
 */
export type DatabaseWriter = Prisma.TransactionClient;

export async function createDatabase(databaseUrl: string): Promise<Database> {
  const adapter = createAdapterFactory(databaseUrl, { readConnection: true });
  if (providerOf(databaseUrl) === 'postgresql') {
    // Loaded only for PostgreSQL: the other client's generated model is a good part of a start on SQLite.
    const { PrismaClient: PostgresPrismaClient } = await import('../generated/prisma-postgresql/client');
    return refusingQueriesBesideTransactions(markTransactionCallbacks(new PostgresPrismaClient({ adapter }))) as unknown as Database;
  }
  return refusingQueriesBesideTransactions(markTransactionCallbacks(new SqlitePrismaClient({ adapter })));
}

/** Migrates, connects and sets SQLite's pragmas; the one way the server opens its database. */
export async function openDatabase(databaseUrl: string): Promise<Database> {
  return (await openMigratedDatabase(databaseUrl)).db;
}

/** As openDatabase, saying also whether this start applied migrations (a new or upgraded database). */
export async function openMigratedDatabase(databaseUrl: string): Promise<{ db: Database; migrated: boolean }> {
  const db = await createDatabase(databaseUrl);
  const migrated = (await pendingMigrations(db, providerOf(databaseUrl))).length > 0;
  if (migrated) await applyMigrations(databaseUrl);
  if (providerOf(databaseUrl) === 'sqlite') {
    await db.$queryRawUnsafe('PRAGMA journal_mode = WAL');
    // In WAL mode NORMAL cannot corrupt the database; a power cut (not a crash) may lose the last commits.
    await db.$executeRawUnsafe('PRAGMA synchronous = NORMAL');
    await db.$executeRawUnsafe('PRAGMA foreign_keys = ON');
    await db.$executeRawUnsafe('PRAGMA busy_timeout = 5000');
  }
  return { db, migrated };
}
