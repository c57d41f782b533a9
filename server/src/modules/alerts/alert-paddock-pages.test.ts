import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveApplication, LivePaddock } from '@shared/domain/alerts/matching';
import { type Database, openDatabase } from '../../db/client';
import { bareApplication, ensureSeason } from '../../testing/dashboard-fixtures';
import { createMigratedTestDatabaseUrl } from '../../testing/test-database';
import { paddockBoxColumns } from '../../presenters/protection';
import type { AlertGeometry } from '@shared/contracts/alerts';
import { reachOf } from '@shared/domain/alerts/geometry';
import { readAlertPaddockPages } from './alerts.service';
import { place, placeOnLivePaddocks } from './alert-worker';
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
      // Every tenth drawn as before paddocks kept their box: read whole by every warning.
      section(id, 'Drawn', { geometry: squareOutline(117 + offset / 1000, -31.5, 0.01), ...(offset % 10 === 9 ? {} : paddockBoxColumns(squareOutline(117 + offset / 1000, -31.5, 0.01))) }),
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

  it('given how far the events reach, reads the applications that may hold a paddock within it, their paddocks whose box meets it and those kept without a box, and of the rest only an outlined copy of a paddock read without one', async () => {
    // Cam's Creek paddock: drawn last season far west of the storm, entered by its area alone this season, on a farm inside the reach.
    await db.user.create({ data: { id: 'member-cam', email: 'cam@pages.example', passwordHash: '-', firstName: 'Cam', lastName: 'Copy', permissions: [] } });
    for (const [id, year] of [
      ['cam-last', 1],
      ['cam-this', 2],
    ] as const) {
      await db.protectionApplication.create({
        data: bareApplication('member-cam', 2026, { id, status: 'active', submittedAt: new Date(Date.UTC(2026, year, 1)), farmLatitude: -31.495, farmLongitude: 117.002 }),
      });
    }
    const creek = squareOutline(115.9, -31.5, 0.01);
    await db.protectionPaddock.create({ data: { applicationId: 'cam-last', sectionId: 'creek', name: 'Creek', area: 100, priced: true, sortOrder: 0, geometry: creek, ...paddockBoxColumns(creek) } });
    await db.protectionPaddock.create({ data: { applicationId: 'cam-this', sectionId: 'creek', name: 'Creek', area: 100, priced: true, sortOrder: 0 } });

    const reach = [117, -31.5, 117.0055, -31.49] as const;
    const pages = (await readAlertPaddockPages(db, reach)).map((page) => JSON.parse(page) as { applications: LiveApplication[]; paddocks: LivePaddock[] });
    // The six whose drawn paddock's box meets the reach, the 41 whose outline was kept without a box (app-0009, app-0019, …) and Cam's this season (a farm inside):
    // one page; then Cam's last season, whose copy of Creek was read only because this season's has no outline.
    expect(pages.map((page) => page.applications.map((application) => application.id).filter((id) => id.startsWith('cam')))).toEqual([['cam-this'], ['cam-last']]);
    expect(pages.map((page) => page.applications.length)).toEqual([48, 1]);
    const paddocks = pages.flatMap((page) => page.paddocks);
    const drawn = paddocks.filter((paddock) => paddock.name === 'Drawn');
    expect(drawn.filter((paddock) => paddock.applicationId < 'app-0009').map((paddock) => paddock.applicationId)).toEqual(['app-0000', 'app-0001', 'app-0002', 'app-0003', 'app-0004', 'app-0005']);
    expect(drawn).toHaveLength(47);
    expect(drawn.every((paddock) => paddock.geometry !== null && !paddock.outlineOutOfReach)).toBe(true);
    // Paddocks entered by area: those of the applications read (the 363 others' farms lie beyond the reach, so theirs could not be placed in it).
    expect(paddocks.filter((paddock) => paddock.name === 'By area')).toHaveLength(47);
    // Cam's drawn Creek, beyond the reach, comes only so that this season's copy does not stand in for it.
    expect(paddocks.filter((paddock) => paddock.name === 'Creek').map(({ applicationId, geometry, outlineOutOfReach }) => ({ applicationId, geometry, outlineOutOfReach }))).toEqual([
      { applicationId: 'cam-this', geometry: null, outlineOutOfReach: undefined },
      { applicationId: 'cam-last', geometry: null, outlineOutOfReach: true },
    ]);
  });

  it('places an event on the paddocks read within its reach exactly as on every live paddock', async () => {
    // Dee entered her paddocks by their area alone: only her farm's location places them.
    await db.user.create({ data: { id: 'member-dee', email: 'dee@pages.example', passwordHash: '-', firstName: 'Dee', lastName: 'Areas', permissions: [] } });
    await db.protectionApplication.create({
      data: bareApplication('member-dee', 2026, { id: 'dee', status: 'active', submittedAt: new Date(Date.UTC(2026, 4, 2)), farmLatitude: -31.495, farmLongitude: 117.125 }),
    });
    await db.protectionPaddock.create({ data: { applicationId: 'dee', sectionId: 'home', name: 'Home', area: 250, priced: true, sortOrder: 0 } });
    const storms: AlertGeometry[] = [
      squareOutline(117.003, -31.495, 0.004),
      // Over the farms of app-0100 to app-0140 and Dee's (placed by their farm's location), and their drawn paddocks.
      squareOutline(117.12, -31.5, 0.02),
      // Over Cam's farm, whose Creek's outline (last season) lies far west: not placed by the farm.
      squareOutline(117.002, -31.495, 0.001),
    ];
    const everything = await readAlertPaddockPages(db);
    // A read for a wider reach (an earlier warning's, which the worker keeps) places each as well.
    const withinAllTheirReach = await readAlertPaddockPages(db, reachOf(storms));
    for (const storm of storms) {
      const [withinReach] = place({ geometries: [storm], pages: await readAlertPaddockPages(db, reachOf([storm])) });
      const [overAll] = place({ geometries: [storm], pages: everything });
      expect(withinReach!.matches.length).toBeGreaterThan(0);
      expect(withinReach).toEqual(overAll);
      expect(place({ geometries: [storm], pages: withinAllTheirReach })).toEqual([overAll]);
    }
    expect(place({ geometries: [storms[1]!], pages: everything })[0]!.matches.find((match) => match.userId === 'member-dee')?.paddocks).toEqual([
      { paddockId: expect.any(String), applicationId: 'dee', name: 'Home', areaHa: 250, placedBy: 'farm_location', share: null, hectaresAffected: null },
    ]);
  });

  it('counts every write of what a warning is matched against, whoever makes it, and not the rest of an application', async () => {
    const version = async () => (await db.livePaddocksVersion.findUniqueOrThrow({ where: { id: 1 } })).version;
    const counted = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      return (await version()) > before;
    };
    await db.user.create({ data: { id: 'member-eve', email: 'eve@pages.example', passwordHash: '-', firstName: 'Eve', lastName: 'Writes', permissions: [] } });
    expect(await counted(() => db.protectionApplication.create({ data: bareApplication('member-eve', 2026, { id: 'eve', status: 'submitted', farmLatitude: -31.4, farmLongitude: 117.3 }) }))).toBe(true);
    const outline = squareOutline(117.3, -31.4, 0.01);
    expect(await counted(() => db.protectionPaddock.create({ data: { applicationId: 'eve', sectionId: 'east', name: 'East', area: 90, priced: true, sortOrder: 0 } }))).toBe(true);
    expect(
      await counted(() => db.protectionPaddock.update({ where: { applicationId_sectionId: { applicationId: 'eve', sectionId: 'east' } }, data: { geometry: outline, ...paddockBoxColumns(outline) } })),
    ).toBe(true);
    expect(await counted(() => db.protectionPaddock.updateMany({ where: { applicationId: 'eve' }, data: { isExcluded: true } }))).toBe(true);
    for (const data of [{ status: 'accepted' }, { farmLatitude: -31.41 }, { farmLongitude: 117.31 }, { submittedAt: new Date(Date.UTC(2026, 4, 3)) }, { userId: 'member-app-0000' }]) {
      expect(await counted(() => db.protectionApplication.update({ where: { id: 'eve' }, data }))).toBe(true);
    }
    // In plain SQL as well: the database counts, not the server.
    expect(await counted(() => db.$executeRaw`UPDATE "ProtectionApplication" SET "status" = 'active' WHERE "id" = 'eve'`)).toBe(true);
    // What a warning does not read leaves the count alone: the quote's own data, the premium.
    expect(await counted(() => db.protectionApplication.update({ where: { id: 'eve' }, data: { quoteData: { note: 'changed' }, premium: 1234 } }))).toBe(false);
    expect(await counted(() => db.protectionPaddock.deleteMany({ where: { applicationId: 'eve' } }))).toBe(true);
    expect(await counted(() => db.protectionApplication.delete({ where: { id: 'eve' } }))).toBe(true);
  });

  it.runIf(process.env.TEST_DATABASE === 'postgresql')(
    'lets two transactions that each write an application and then a row the other wrote finish one after the other: the count does not deadlock them',
    async () => {
      await db.user.create({ data: { id: 'member-both', email: 'both@pages.example', passwordHash: '-', firstName: 'Both', lastName: 'Want', permissions: [] } });
      let signalAppWritten!: () => void;
      let signalUserWritten!: () => void;
      const appWritten = new Promise<void>((resolve) => (signalAppWritten = resolve));
      const userWritten = new Promise<void>((resolve) => (signalUserWritten = resolve));
      // A writes its application, then the member B wrote; B writes the member, then its application.
      // Counted at the write, A would hold the count and wait for the member, B hold the member and wait for the count.
      const first = db.$transaction(async (tx) => {
        await tx.protectionApplication.update({ where: { id: 'app-0001' }, data: { status: 'accepted' } });
        signalAppWritten();
        await userWritten;
        await tx.user.update({ where: { id: 'member-both' }, data: { firstName: 'First' } });
      });
      const second = appWritten.then(() =>
        db.$transaction(async (tx) => {
          await tx.user.update({ where: { id: 'member-both' }, data: { firstName: 'Second' } });
          signalUserWritten();
          await tx.protectionApplication.update({ where: { id: 'app-0002' }, data: { status: 'accepted' } });
        }),
      );
      await Promise.all([first, second]);
      expect((await db.user.findUniqueOrThrow({ where: { id: 'member-both' } })).firstName).toBe('First');
    },
  );

  it('places on the paddocks the worker read last only for the same database, at the same version, within the reach read', () => {
    const storm = squareOutline(117.003, -31.495, 0.004);
    const pages = [
      JSON.stringify({
        applications: [{ id: 'a', userId: 'member-a', submittedAt: 0, farmLocation: null }],
        paddocks: [{ id: 'p', applicationId: 'a', name: 'P', areaHa: 10, sortOrder: 0, geometry: squareOutline(117.003, -31.495, 0.002) }],
      }),
    ];
    const read = { database: 'file:one.db', version: 7, reach: [117, -31.5, 117.01, -31.49] as const };
    const placed = placeOnLivePaddocks({ geometries: [storm], read, pages });
    expect(placed![0]!.matches.map((match) => match.userId)).toEqual(['member-a']);
    expect(placeOnLivePaddocks({ geometries: [storm], read: { ...read, reach: [117.001, -31.499, 117.009, -31.491] } })).toEqual(placed);
    expect(placeOnLivePaddocks({ geometries: [storm], read: { ...read, version: 8 } })).toBeNull();
    expect(placeOnLivePaddocks({ geometries: [storm], read: { ...read, database: 'file:two.db' } })).toBeNull();
    expect(placeOnLivePaddocks({ geometries: [storm], read: { ...read, reach: [116.99, -31.5, 117.01, -31.49] } })).toBeNull();
    // A database that keeps no version: what was read is never placed on again.
    placeOnLivePaddocks({ geometries: [storm], read: { ...read, version: null }, pages });
    expect(placeOnLivePaddocks({ geometries: [storm], read: { ...read, version: null } })).toBeNull();
  });
});
