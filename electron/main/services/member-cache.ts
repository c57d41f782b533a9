import Database from 'better-sqlite3';
import { type DesktopMemberCacheStatus, type DesktopMemberRecord, desktopMemberRecordSchema } from '../../../shared/contracts/desktop';

/** How many members one search answers with, newest first. */
export const MEMBER_SEARCH_LIMIT = 50;

/** The part of Electron's safeStorage the cache uses; a test double implements the same. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** Electron's safeStorage, with the one Linux method that tells whether its key is really protected. */
export interface ElectronSafeStorage extends SafeStorageLike {
  getSelectedStorageBackend(): string;
}

/**
 * What the console hands the cache: Electron's safeStorage, except that on Linux without a secret
 * service ('basic_text') Chromium encrypts with a key written in its own source, which protects
 * nothing, so the cache treats that as no secure storage at all.
 */
export function consoleSecureStorage(safeStorage: ElectronSafeStorage, platform: NodeJS.Platform): SafeStorageLike {
  return {
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable() && (platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text'),
    encryptString: (plainText) => safeStorage.encryptString(plainText),
    decryptString: (encrypted) => safeStorage.decryptString(encrypted),
  };
}

// Only the record's id and the time of its sync are plain; everything about the member is in
// the encrypted payload. The cache of the first versions (table `members`) kept them in plain text.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS member_records (
    id TEXT PRIMARY KEY,
    syncedAt TEXT NOT NULL,
    payload BLOB NOT NULL
  );
  CREATE TABLE IF NOT EXISTS sync_state (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
`;

const matches = (record: DesktopMemberRecord, text: string) => [record.name, record.email, record.businessName ?? ''].some((field) => field.toLowerCase().includes(text));

const newestFirst = (a: DesktopMemberRecord, b: DesktopMemberRecord) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

/**
 * The desktop console's local copy of member records, so support staff can look a grower up while
 * the server is slow or out of reach. One SQLite file in the app's userData folder, each record
 * encrypted with the system's secure storage (safeStorage). Searching decrypts the records in
 * memory, so nothing searchable is on disk in plain text. Without secure storage nothing is kept.
 * Emptied when the console signs out, since the records are personal information.
 */
export class MemberCache {
  private readonly db: Database.Database;

  constructor(
    filePath: string,
    private readonly secureStorage: SafeStorageLike,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = new Database(filePath);
    this.db.pragma('journal_mode = WAL');
    // Deleted records are overwritten with zeros, not just unlinked.
    this.db.pragma('secure_delete = ON');
    this.forgetPlainTextCache();
    this.db.exec(SCHEMA);
    if (!this.encrypts()) this.clear();
  }

  /** Writes (or replaces) the records in one transaction and records the time of the sync. */
  upsertMany(records: readonly DesktopMemberRecord[]): DesktopMemberCacheStatus {
    if (!this.encrypts()) return this.status();
    const syncedAt = this.now().toISOString();
    const upsert = this.db.prepare(
      `INSERT INTO member_records (id, syncedAt, payload) VALUES (@id, @syncedAt, @payload)
       ON CONFLICT (id) DO UPDATE SET syncedAt = excluded.syncedAt, payload = excluded.payload`,
    );
    const markSynced = this.db.prepare(`INSERT INTO sync_state (key, value) VALUES ('lastSyncedAt', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    this.db.transaction(() => {
      for (const record of records) {
        const valid = desktopMemberRecordSchema.parse(record);
        upsert.run({ id: valid.id, syncedAt, payload: this.secureStorage.encryptString(JSON.stringify(valid)) });
      }
      markSynced.run(syncedAt);
    })();
    return this.status();
  }

  /** Members whose name, e-mail address or business contains the text (any case); newest first. */
  search(text: string): DesktopMemberRecord[] {
    const wanted = text.trim().toLowerCase();
    return this.readAll()
      .filter((record) => matches(record, wanted))
      .sort(newestFirst)
      .slice(0, MEMBER_SEARCH_LIMIT);
  }

  lastSyncedAt(): string | null {
    const row = this.db.prepare(`SELECT value FROM sync_state WHERE key = 'lastSyncedAt'`).get() as { value: string } | undefined;
    return row?.value ?? null;
  }

  status(): DesktopMemberCacheStatus {
    if (!this.encrypts()) return { count: 0, lastSyncedAt: null, storage: 'unavailable' };
    const { count } = this.db.prepare('SELECT count(*) AS count FROM member_records').get() as { count: number };
    return { count, lastSyncedAt: this.lastSyncedAt(), storage: 'encrypted' };
  }

  /** Forgets every record and the sync time (on sign-out). */
  clear(): DesktopMemberCacheStatus {
    this.db.transaction(() => {
      this.db.exec('DELETE FROM member_records; DELETE FROM sync_state;');
    })();
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return this.status();
  }

  close(): void {
    this.db.close();
  }

  private encrypts(): boolean {
    return this.secureStorage.isEncryptionAvailable();
  }

  /**
   * Decrypts every record. A record that no longer decrypts (the system's key changed, the file
   * was edited) makes the whole copy worthless: it is emptied and the next sync fills it again.
   */
  private readAll(): DesktopMemberRecord[] {
    if (!this.encrypts()) return [];
    const rows = this.db.prepare('SELECT payload FROM member_records').all() as Array<{ payload: Buffer }>;
    try {
      return rows.map((row) => desktopMemberRecordSchema.parse(JSON.parse(this.secureStorage.decryptString(row.payload))));
    } catch {
      this.clear();
      return [];
    }
  }

  /** A cache file of the first versions held members in plain text: it is dropped and its pages wiped. */
  private forgetPlainTextCache(): void {
    const old = this.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'members'`).get();
    if (!old) return;
    this.db.exec(`DROP TABLE members; DROP TABLE IF EXISTS sync_state;`);
    this.db.exec('VACUUM');
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }
}
