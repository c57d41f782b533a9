import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveApplication, LivePaddock } from '@shared/domain/alerts/matching';
import { type Database, openDatabase } from '../../db/client';
import { bareApplication, ensureSeason } from '../../testing/dashboard-fixtures';
import { createMigratedTestDatabaseUrl } from '../../testing/test-database';
import { readAlertPaddockPages } from './alerts.service';
import { squareOutline } from '@shared/domain/geo/testing/square-outline';

let database: Awaited<ReturnType<typeof createMigratedTestDatabaseUrl>>;
let db: Database;

/** `count` applications of one status for one member each, numbered from `first`, each with a paddock drawn, one entered by area, one excluded and a group. */
async function applications(first: number, count: number, status: string) {
  const ids = Array.from({ length: count }, (_, offset) => `app-${String(first + offset).padStart(4, '0')}`);
  await db.user.createMany({ data: ids.map((id) => ({ id: `member-${id}`, email: `${id}@pages.example`, passwordHash: '-', firstName: 'Page', lastName: id, permissions: [] })) });
  await db.protectionApplication.createMany({
    data: ids.map((id, offset) =>
      bareApplication(`member-${id}`, 2026, {
        id,
        status,
        farmLatitude: -31.5,
        farmLongitude: 117 + offset / 1000,
        submittedAt: new Date(Date.UTC(2026, 4, 1, 0, offset)),
      }),
    ),
  });
  const section = (id: string, name: string, extra: object) => ({
    applicationId: id,
    sectionId: `${id}-${name}`,
    name,
    area: 100,
    userDefinedArea: name === 'By area' ? 80 : null,
    priced: true,
    sortOrder: 0,
    ...extra,
  });
  await db.protectionPaddock.createMany({
    data: ids.flatMap((id, offset) => [
      section(id, 'Drawn', { geometry: squareOutline(117 + offset / 1000, -31.5, 0.01) }),
      section(id, 'By area', { sortOrder: 1 }),
      section(id, 'Left out', { isExcluded: true, sortOrder: 2 }),
      section(id, 'Group', { isGroup: true, sortOrder: 3 }),
    ]),
  });
}

beforeAll(async () => {
  database = await createMigratedTestDatabaseUrl();
  db = await openDatabase(database.url);
  await ensureSeason(db, 2026);
  await applications(0, 410, 'active');
  await applications(410, 30, 'declined');
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

describe('reading the live paddocks an event is placed over', () => {
  it('reads every live application once, in pages, with its paddocks but not the excluded, the groups or applications no longer live', async () => {
    const pages = (await readAlertPaddockPages(db)).map((page) => JSON.parse(page) as { applications: LiveApplication[]; paddocks: LivePaddock[] });
    expect(pages.map((page) => page.applications.length)).toEqual([200, 200, 10]);
    const read = pages.flatMap((page) => page.applications);
    expect(new Set(read.map((application) => application.id)).size).toBe(410);
    expect(read.every((application) => application.id < 'app-0410')).toBe(true);
    expect(read.find((application) => application.id === 'app-0007')).toEqual({ id: 'app-0007', userId: 'member-app-0007', submittedAt: Date.UTC(2026, 4, 1, 0, 7), farmLocation: { lat: -31.5, lng: 117.007 } });

    const paddocks = pages.flatMap((page) => page.paddocks);
    expect(paddocks).toHaveLength(820);
    expect(new Set(paddocks.map((paddock) => paddock.name))).toEqual(new Set(['Drawn', 'By area']));
    const ownPaddocks = paddocks.filter((paddock) => paddock.applicationId === 'app-0409').sort((a, b) => a.sortOrder - b.sortOrder);
    expect(ownPaddocks.map(({ name, areaHa, geometry }) => ({ name, areaHa, geometry }))).toEqual([
      { name: 'Drawn', areaHa: 100, geometry: squareOutline(117.409, -31.5, 0.01) },
      { name: 'By area', areaHa: 80, geometry: null },
    ]);
    // Each page carries its own applications' paddocks, so the worker can take the pages one by one.
    for (const page of pages) {
      const ids = new Set(page.applications.map((application) => application.id));
      expect(page.paddocks.every((paddock) => ids.has(paddock.applicationId))).toBe(true);
    }
  });
});
