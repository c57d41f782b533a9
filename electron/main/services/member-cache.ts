import Database from 'better-sqlite3';
import { type DesktopMemberCacheStatus, type DesktopMemberRecord, desktopMemberRecordSchema } from '../../../shared/contracts/desktop';

/** How many members one search answers with, newest first. */
export const MEMBER_SEARCH_LIMIT = 50;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS members (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    name TEXT NOT NULL,
    business TEXT,
    phone TEXT,
    broker TEXT,
    createdAt TEXT NOT NULL,
    updatedAt TEXT NOT NULL,
    payload TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS members_created ON members (createdAt DESC, id DESC);
  CREATE TABLE IF NOT EXISTS sync_state (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The desktop console's local copy of member records, so support staff can look a grower up while
 * the server is slow or out of reach. One SQLite file in the app's userData folder; emptied when
 * the console signs out, since the records are personal information.
 */
export class MemberCache {
  private readonly db: Database.Database;
  private readonly now: () => Date;

  constructor(filePath: string, now: () => Date = () => new Date()) {
    this.now = now;
    this.db = new Database(filePath);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(SCHEMA);
  }

  /** Writes (or replaces) the records in one transaction and records the time of the sync. */
  upsertMany(records: readonly DesktopMemberRecord[]): DesktopMemberCacheStatus {
    const syncedAt = this.now().toISOString();
    const upsert = this.db.prepare(
      `INSERT INTO members (id, email, name, business, phone, broker, createdAt, updatedAt, payload)
       VALUES (@id, @email, @name, @business, @phone, @broker, @createdAt, @updatedAt, @payload)
       ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name, business = excluded.business,
         phone = excluded.phone, broker = excluded.broker, createdAt = excluded.createdAt, updatedAt = excluded.updatedAt, payload = excluded.payload`,
    );
    const markSynced = this.db.prepare(`INSERT INTO sync_state (key, value) VALUES ('lastSyncedAt', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    this.db.transaction(() => {
      for (const record of records) {
        upsert.run({
          id: record.id,
          email: record.email,
          name: record.name,
          business: record.businessName,
          phone: record.phone,
          broker: record.broker ?? null,
          createdAt: record.createdAt,
          updatedAt: syncedAt,
          payload: JSON.stringify(record),
        });
      }
      markSynced.run(syncedAt);
    })();
    return this.status();
  }

  /** Members whose name, e-mail address or business contains the text (any case); newest first. */
  search(text: string): DesktopMemberRecord[] {
    const pattern = `%${escapeLike(text.trim().toLowerCase())}%`;
    const rows = this.db
      .prepare(
        `SELECT payload FROM members
         WHERE lower(name) LIKE @pattern ESCAPE '\\' OR lower(email) LIKE @pattern ESCAPE '\\' OR lower(coalesce(business, '')) LIKE @pattern ESCAPE '\\'
         ORDER BY createdAt DESC, id DESC LIMIT ${MEMBER_SEARCH_LIMIT}`,
      )
      .all({ pattern }) as Array<{ payload: string }>;
    return rows.map((row) => this.parse(row.payload));
  }

  lastSyncedAt(): string | null {
    const row = this.db.prepare(`SELECT value FROM sync_state WHERE key = 'lastSyncedAt'`).get() as { value: string } | undefined;
    return row?.value ?? null;
  }

  status(): DesktopMemberCacheStatus {
    const { count } = this.db.prepare('SELECT count(*) AS count FROM members').get() as { count: number };
    return { count, lastSyncedAt: this.lastSyncedAt() };
  }

  /** Forgets every record and the sync time (on sign-out). */
  clear(): DesktopMemberCacheStatus {
    this.db.transaction(() => {
      this.db.exec('DELETE FROM members; DELETE FROM sync_state;');
    })();
    return this.status();
  }

  close(): void {
    this.db.close();
  }

  /** The payload was validated on the way in; parsing again guards against a file changed by hand. */
  private parse(payload: string): DesktopMemberRecord {
    return desktopMemberRecordSchema.parse(JSON.parse(payload));
  }
}
