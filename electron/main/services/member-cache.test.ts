import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopMemberRecord } from '../../../shared/contracts/desktop';
import { MEMBER_SEARCH_LIMIT, MemberCache } from './member-cache';

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

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'member-cache-'));
  file = join(folder, 'members.db');
  clock = new Date('2026-03-10T01:00:00.000Z');
  cache = new MemberCache(file, () => clock);
});
afterEach(() => {
  cache.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the desktop member cache', () => {
  it('starts empty, with no sync time', () => {
    expect(cache.status()).toEqual({ count: 0, lastSyncedAt: null });
    expect(cache.search('')).toEqual([]);
  });

  it('stores records in one sync and finds them by name, e-mail or business, in any case', () => {
    const status = cache.upsertMany([
      member('a', { name: 'Jo Smith', businessName: 'Wheatbelt Farms Pty Ltd' }),
      member('bb', { name: 'Sam Brown', email: 'SAM@merredin.example' }),
      member('ccc', { name: 'Alex Green', phone: '0412 345 678', broker: 'Pat Broker' }),
    ]);
    expect(status).toEqual({ count: 3, lastSyncedAt: '2026-03-10T01:00:00.000Z' });
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
    expect(status).toEqual({ count: 1, lastSyncedAt: '2026-03-11T02:00:00.000Z' });
    expect(cache.search('Jo Smith').map((row) => row.name)).toEqual(['Jo Smith-Jones']);
  });

  it('keeps the records in its file across a restart', () => {
    cache.upsertMany([member('a')]);
    cache.close();
    cache = new MemberCache(file, () => clock);
    expect(cache.status()).toEqual({ count: 1, lastSyncedAt: '2026-03-10T01:00:00.000Z' });
  });

  it('writes nothing when one record of a sync fails', () => {
    const broken = { ...member('bb'), name: null } as unknown as DesktopMemberRecord;
    expect(() => cache.upsertMany([member('a'), broken])).toThrow();
    expect(cache.status()).toEqual({ count: 0, lastSyncedAt: null });
  });

  it('forgets every record and the sync time when cleared', () => {
    cache.upsertMany([member('a'), member('bb')]);
    expect(cache.clear()).toEqual({ count: 0, lastSyncedAt: null });
    expect(cache.search('grower')).toEqual([]);
  });
});
