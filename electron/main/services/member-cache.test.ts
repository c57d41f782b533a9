import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopMemberRecord } from '../../../shared/contracts/desktop';
import { consoleSecureStorage, type ElectronSafeStorage, MEMBER_SEARCH_LIMIT, MemberCache } from './member-cache';
import { createTestSafeStorage } from './test-safe-storage';

const member = (id: string, overrides: Partial<DesktopMemberRecord> = {}): DesktopMemberRecord => ({
  id,
  name: `Grower ${id}`,
  email: `grower-${id}@example.com`,
  phone: null,
  businessName: null,
  createdAt: `2026-03-0${id.length}T00:00:00.000Z`,
  ...overrides,
});

let folder: string;
let file: string;
let clock: Date;
let cache: MemberCache;
const key = Buffer.alloc(32, 7);
const storage = createTestSafeStorage({ key });

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'member-cache-'));
  file = join(folder, 'members.db');
  clock = new Date('2026-03-10T01:00:00.000Z');
  cache = new MemberCache(file, storage, () => clock);
});
afterEach(() => {
  cache.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the desktop member cache', () => {
  it('starts empty, with no sync time', () => {
    expect(cache.status()).toEqual({ count: 0, lastSyncedAt: null, storage: 'encrypted' });
    expect(cache.search('')).toEqual([]);
  });

  it('stores records in one sync and finds them by name, e-mail or business, in any case', () => {
    const status = cache.upsertMany([
      member('a', { name: 'Jo Smith', businessName: 'Wheatbelt Farms Pty Ltd' }),
      member('bb', { name: 'Sam Brown', email: 'SAM@merredin.example' }),
      member('ccc', { name: 'Alex Green', phone: '0412 345 678', broker: 'Pat Broker' }),
    ]);
    expect(status).toEqual({ count: 3, lastSyncedAt: '2026-03-10T01:00:00.000Z', storage: 'encrypted' });
    expect(cache.search('smith').map((row) => row.id)).toEqual(['a']);
    expect(cache.search('Merredin').map((row) => row.id)).toEqual(['bb']);
    expect(cache.search('WHEATBELT').map((row) => row.id)).toEqual(['a']);
    expect(cache.search('Alex Green')).toEqual([member('ccc', { name: 'Alex Green', phone: '0412 345 678', broker: 'Pat Broker' })]);
    expect(cache.search('nobody')).toEqual([]);
  });

  it('lists newest first and caps the answer', () => {
    const many = Array.from({ length: MEMBER_SEARCH_LIMIT + 5 }, (_, index) => member(`m${index}`, { createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString() }));
    cache.upsertMany(many);
    const found = cache.search('grower');
    expect(found).toHaveLength(MEMBER_SEARCH_LIMIT);
    expect(found[0]?.id).toBe(`m${MEMBER_SEARCH_LIMIT + 4}`);
  });

  it('treats % and _ in the search text as plain characters', () => {
    cache.upsertMany([member('a', { name: '100% Grain' }), member('bb', { name: 'Plain_Name' }), member('ccc', { name: 'Other' })]);
    expect(cache.search('%').map((row) => row.id)).toEqual(['a']);
    expect(cache.search('_').map((row) => row.id)).toEqual(['bb']);
  });

  it('replaces a record synced again and moves the sync time on', () => {
    cache.upsertMany([member('a', { name: 'Jo Smith' })]);
    clock = new Date('2026-03-11T02:00:00.000Z');
    const status = cache.upsertMany([member('a', { name: 'Jo Smith-Jones' })]);
    expect(status).toEqual({ count: 1, lastSyncedAt: '2026-03-11T02:00:00.000Z', storage: 'encrypted' });
    expect(cache.search('Jo Smith').map((row) => row.name)).toEqual(['Jo Smith-Jones']);
  });

  it('keeps the records in its file across a restart', () => {
    cache.upsertMany([member('a')]);
    cache.close();
    cache = new MemberCache(file, storage, () => clock);
    expect(cache.status()).toEqual({ count: 1, lastSyncedAt: '2026-03-10T01:00:00.000Z', storage: 'encrypted' });
  });

  it('writes nothing when one record of a sync fails', () => {
    const broken = { ...member('bb'), name: null } as unknown as DesktopMemberRecord;
    expect(() => cache.upsertMany([member('a'), broken])).toThrow();
    expect(cache.status()).toEqual({ count: 0, lastSyncedAt: null, storage: 'encrypted' });
  });

  it('forgets every record and the sync time when cleared', () => {
    cache.upsertMany([member('a'), member('bb')]);
    expect(cache.clear()).toEqual({ count: 0, lastSyncedAt: null, storage: 'encrypted' });
    expect(cache.search('grower')).toEqual([]);
  });
});

/** Every byte SQLite keeps for the cache: the database, its write-ahead log and shared memory. */
const fileText = (path: string) => ['', '-wal', '-shm'].map((suffix) => (existsSync(path + suffix) ? readFileSync(path + suffix).toString('latin1') : '')).join('');

describe('the member cache at rest', () => {
  const jo = member('m1', { name: 'Joanna Paddockworth', email: 'joanna.paddockworth@merredin.example', phone: '0499 123 456', businessName: 'Paddockworth Grain Co' });
  const secrets = [jo.name, jo.email, jo.phone!, jo.businessName!, 'Paddockworth', 'paddockworth'];

  it('keeps no member’s name, e-mail, phone or business in plain text in its files, yet finds them', () => {
    cache.upsertMany([jo]);
    for (const secret of secrets) expect(fileText(file), secret).not.toContain(secret);
    expect(cache.search('paddockWORTH')).toEqual([jo]);
    cache.close();
    for (const secret of secrets) expect(fileText(file), secret).not.toContain(secret);
    cache = new MemberCache(file, storage, () => clock);
    expect(cache.search('merredin')).toEqual([jo]);
  });

  it('stores nothing, and says so, when the system offers no secure storage', () => {
    cache.close();
    cache = new MemberCache(file, createTestSafeStorage({ available: false }), () => clock);
    expect(cache.upsertMany([jo])).toEqual({ count: 0, lastSyncedAt: null, storage: 'unavailable' });
    expect(cache.search('joanna')).toEqual([]);
    cache.close();
    for (const secret of secrets) expect(fileText(file), secret).not.toContain(secret);
    cache = new MemberCache(file, storage, () => clock);
    expect(cache.status()).toEqual({ count: 0, lastSyncedAt: null, storage: 'encrypted' });
  });

  it('empties itself when its records no longer decrypt (the system key changed)', () => {
    cache.upsertMany([jo]);
    cache.close();
    cache = new MemberCache(file, createTestSafeStorage({ key: Buffer.alloc(32, 9) }), () => clock);
    expect(cache.search('joanna')).toEqual([]);
    expect(cache.status()).toEqual({ count: 0, lastSyncedAt: null, storage: 'encrypted' });
  });

  it('wipes a plain-text cache left by an earlier version', () => {
    cache.close();
    rmSync(file, { force: true });
    const old = new Database(file);
    old.exec(`CREATE TABLE members (id TEXT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL, business TEXT, phone TEXT, broker TEXT, createdAt TEXT NOT NULL, updatedAt TEXT NOT NULL, payload TEXT NOT NULL);
      CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);`);
    old.prepare('INSERT INTO members VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)').run(jo.id, jo.email, jo.name, jo.businessName, jo.phone, jo.createdAt, jo.createdAt, JSON.stringify(jo));
    old.close();
    expect(fileText(file)).toContain(jo.email);
    cache = new MemberCache(file, storage, () => clock);
    for (const secret of secrets) expect(fileText(file), secret).not.toContain(secret);
    expect(cache.status().count).toBe(0);
  });

  it('takes Linux’s basic_text backend (a key in Chromium’s source) for no secure storage', () => {
    const electronLike = (backend: string): ElectronSafeStorage => ({ ...createTestSafeStorage(), getSelectedStorageBackend: () => backend });
    expect(consoleSecureStorage(electronLike('basic_text'), 'linux').isEncryptionAvailable()).toBe(false);
    expect(consoleSecureStorage(electronLike('gnome_libsecret'), 'linux').isEncryptionAvailable()).toBe(true);
    expect(consoleSecureStorage(electronLike('unknown'), 'darwin').isEncryptionAvailable()).toBe(true);
  });
});
