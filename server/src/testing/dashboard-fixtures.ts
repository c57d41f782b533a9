/**
 * Fixtures for the dashboard modules' tests (claims, billing, farm, brokers, settings): an
 * application as POST /api/protection stores it, small real image files (a JPEG with EXIF time and
 * GPS written byte by byte, so exifr reads real tags), and the world of members the tests share.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/client';
import type { Clock } from '../lib/job-queue';
import type { CoverageType } from '@shared/constants';
import { isInvoiceable, protectionStatusOf } from '@shared/domain/protection/protection';
import { calendarSeason } from '@shared/domain/protection/seasons';
import { buildEstimate } from '@shared/domain/estimates';
import { DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import { calculatePremium } from '@shared/domain/pricing/engine';
import type { PricedAllocationInput } from '@shared/domain/pricing/types';
import { issueInvoices } from '../modules/billing/invoices.service';
import { repositoryRoot } from '../lib/paths';
import { createTestUser, signedInAgent, type TestAgent } from './accounts';
import { createTestApp } from './test-app';

/** The smallest baseline JPEG: one 1×1 grey pixel. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** An EXIF APP1 segment with DateTimeOriginal and a GPS position (south and east: WA). */
function exifSegment(takenAt: string, latitude: number, longitude: number): Buffer {
  // Little-endian TIFF. Layout: header(8) IFD0(2+2*12+4) ExifIFD(2+12+4) GPSIFD(2+4*12+4) then data.
  const entries: Array<[number, number, number, number | Buffer]> = [];
  const ifd0Offset = 8;
  const ifd0Size = 2 + 2 * 12 + 4;
  const exifOffset = ifd0Offset + ifd0Size;
  const exifSize = 2 + 12 + 4;
  const gpsOffset = exifOffset + exifSize;
  const gpsSize = 2 + 4 * 12 + 4;
  let dataOffset = gpsOffset + gpsSize;
  const data: Buffer[] = [];
  const addData = (buffer: Buffer) => {
    const at = dataOffset;
    data.push(buffer);
    dataOffset += buffer.length;
    return at;
  };
  const dms = (value: number) => {
    const abs = Math.abs(value);
    const degrees = Math.floor(abs);
    const minutes = Math.floor((abs - degrees) * 60);
    const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
    const buffer = Buffer.alloc(24);
    [degrees, 1, minutes, 1, seconds, 100].forEach((n, i) => buffer.writeUInt32LE(n, i * 4));
    return buffer;
  };
  const ifd = (list: Array<[number, number, number, number | Buffer]>) => {
    const buffer = Buffer.alloc(2 + list.length * 12 + 4);
    buffer.writeUInt16LE(list.length, 0);
    list.forEach(([tag, type, count, value], i) => {
      const at = 2 + i * 12;
      buffer.writeUInt16LE(tag, at);
      buffer.writeUInt16LE(type, at + 2);
      buffer.writeUInt32LE(count, at + 4);
      if (Buffer.isBuffer(value)) value.copy(buffer, at + 8);
      else buffer.writeUInt32LE(value, at + 8);
    });
    return buffer;
  };
  const dateAt = addData(Buffer.from(`${takenAt}\0`, 'ascii'));
  const latAt = addData(dms(latitude));
  const lngAt = addData(dms(longitude));
  entries.push([0x8769, 4, 1, exifOffset], [0x8825, 4, 1, gpsOffset]);
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  const tiff = Buffer.concat([
    header,
    ifd(entries),
    ifd([[0x9003, 2, 20, dateAt]]),
    ifd([
      [0x0001, 2, 2, Buffer.from(latitude < 0 ? 'S\0' : 'N\0')],
      [0x0002, 5, 3, latAt],
      [0x0003, 2, 2, Buffer.from(longitude < 0 ? 'W\0' : 'E\0')],
      [0x0004, 5, 3, lngAt],
    ]),
    ...data,
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xe1]), length, body]);
}

/** A JPEG (TINY_JPEG unless given) with an EXIF block inserted after the SOI marker. */
export function jpegWithExif(takenAt = '2026:10:14 16:32:05', latitude = -31.6512, longitude = 117.2345, jpeg: Buffer = TINY_JPEG): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(takenAt, latitude, longitude), jpeg.subarray(2)]);
}

export interface ApplicationOptions {
  status?: string;
  coverageType?: 'hail' | 'fire' | 'both';
  premium?: number;
  seasonYear?: number;
  submittedAt?: Date;
}

/**
 * The pricing and estimate a submission stores for an application of these crops (the engine and
 * the shared estimate rule, on the default model), with the application's premium, so that an
 * application reads back as its contract describes it.
 */
export function storedQuotePricing(coverageType: CoverageType, premium: number, crops: readonly PricedAllocationInput[]) {
  const pricing = { ...calculatePremium({ coverageType, zone: 'CWB', cropAllocations: crops }, DEFAULT_PRICING_MODEL, { quoteDate: '2026-05-01', priorMemberSeasons: 0, referrerCodeIsValid: false }), premium };
  const coveredArea = crops.reduce((sum, crop) => sum + crop.hectares, 0);
  const estimate = buildEstimate({ coverageType, pricing, zoneCode: 'CWB', coveredArea, coveredSectionsCount: crops.length, totalSectionsProvided: crops.length });
  return { pricing, estimate };
}

/** The season of `year` as the mutual counted it before staff opened seasons (1 January, cover to 31 March after), made when missing: what an application of that year belongs to. */
export async function ensureSeason(db: Database, year: number) {
  const season = calendarSeason(`${year}-06-01`);
  await db.season.upsert({ where: { year }, create: season, update: {} });
}

/** An application's row where the test cares for none of its figures (each 1, its JSON empty): the member's, of the season's year, with what the test sets. */
export function bareApplication<Extra extends object>(userId: string, seasonYear: number, extra: Extra) {
  const figures = { premium: 1, displayedPremium: 1, totalPayable: 1, insuredValue: 1, coveredArea: 1, estimate: {}, pricing: {}, quoteData: {}, acknowledgements: {} };
  return { userId, coverageType: 'hail', zoneCode: 'CWB', quoteDate: `${seasonYear}-05-01`, seasonYear, modelVersion: 'test', ...figures, ...extra };
}

/** An application with two priced paddocks (wheat 5% hurdle, canola 15%) and one excluded, as submission stores it. */
export async function createApplication(db: Database, userId: string, options: ApplicationOptions = {}) {
  const premium = options.premium ?? 4000;
  const loading = Math.round(premium * 10) / 100;
  const seasonYear = options.seasonYear ?? 2026;
  await ensureSeason(db, seasonYear);
  // Numbered per season as submission numbers them (APP-<season>-<number>).
  const prefix = `APP-${seasonYear}`;
  const reference = `${prefix}-${String((await db.protectionApplication.count({ where: { reference: { startsWith: `${prefix}-` } } })) + 1).padStart(5, '0')}`;
  const application = await db.protectionApplication.create({
    data: {
      reference,
      userId,
      status: options.status ?? 'submitted',
      coverageType: options.coverageType ?? 'both',
      zoneCode: 'CWB',
      quoteDate: '2026-05-01',
      seasonYear,
      modelVersion: 'test',
      premium,
      displayedPremium: premium + loading,
      totalPayable: premium + loading + 500 + loading + 50,
      insuredValue: 500_000,
      coveredArea: 300,
      ...storedQuotePricing(options.coverageType ?? 'both', premium, [
        { type: 'wheat', hectares: 200, expectedYield: 2.5, pricePerTonne: 600, hurdlePercentage: 5 },
        { type: 'canola', hectares: 100, expectedYield: 2, pricePerTonne: 1000, hurdlePercentage: 15 },
      ]),
      quoteData: {},
      acknowledgements: {},
      submittedAt: options.submittedAt ?? new Date('2026-05-01T02:00:00Z'),
      paddocks: {
        create: [
          { sectionId: 's1', name: 'North Paddock', crop: 'wheat', area: 200, expectedYield: 2.5, pricePerTonne: 600, hurdlePercentage: 5, priced: true, sortOrder: 0 },
          // Yield, price and hurdle entered per crop: only the priced allocation below holds them.
          { sectionId: 's2', name: 'Creek Flat', crop: 'canola', area: 100, priced: true, sortOrder: 1 },
          { sectionId: 's3', name: 'Bush Block', crop: null, area: 40, isExcluded: true, priced: false, sortOrder: 2 },
        ],
      },
      crops: {
        create: [
          { sectionId: 's1', cropType: 'wheat', hectares: 200, expectedYield: 2.5, pricePerTonne: 600, hurdlePercentage: 5, insuredValue: 300_000, grossPremium: 2400, sortOrder: 0 },
          { sectionId: 's2', cropType: 'canola', hectares: 100, expectedYield: 2, pricePerTonne: 1000, hurdlePercentage: 15, insuredValue: 200_000, grossPremium: 1600, sortOrder: 1 },
        ],
      },
    },
    include: { paddocks: { orderBy: { sortOrder: 'asc' } } },
  });
  // Staff accepting an application issue its invoices in the same transaction; an application made accepted here has them too.
  if (isInvoiceable(protectionStatusOf(application.status))) await db.$transaction((tx) => issueInvoices(tx, application, application.submittedAt));
  return application;
}

/**
 * The world the dashboard modules' API tests share: the real app with a blob folder of its own, a
 * member (Jo Grower) with a broker of record, another member with another broker, an administrator,
 * each signed in, and two of the member's applications: one whose cover has started (staff marked it
 * active; both perils, invoices out and unpaid), on which claims can be lodged, and one submitted (hail).
 */
export async function createDashboardWorld({
  jobClock,
  env = {},
}: {
  /** Jobs on the BackgroundJob runner with this clock, run by the test with runDueJobs() (createTestApp). */ jobClock?: Clock;
  /** More of the server's environment (a feature's setting under test). */
  env?: Record<string, string>;
} = {}) {
  const blobDir = mkdtempSync(join(repositoryRoot, '.tmp', 'blobs-'));
  const t = await createTestApp({ RATE_LIMITS: 'signInPerAccount=200/15m,signInPerAddress=200/15m', BLOB_DIR: blobDir, ...env }, { jobClock });
  const broker = await createTestUser(t.db, { email: 'broker@example.com', firstName: 'Bea', lastName: 'Broker', isBroker: true });
  const otherBroker = await createTestUser(t.db, { email: 'broker2@example.com', isBroker: true });
  const member = await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Grower', brokerId: broker.id });
  const other = await createTestUser(t.db, { email: 'other@example.com', brokerId: otherBroker.id });
  const admin = await createTestUser(t.db, { email: 'admin@example.com', isAdmin: true });
  const users = { member, other, broker, otherBroker, admin };
  const agents = {} as Record<keyof typeof users, TestAgent>;
  for (const role of Object.keys(users) as Array<keyof typeof users>) agents[role] = await signedInAgent(t.app, users[role].email);
  const accepted = await createApplication(t.db, member.id, { status: 'active', coverageType: 'both', premium: 4000 });
  const submitted = await createApplication(t.db, member.id, { status: 'submitted', coverageType: 'hail', submittedAt: new Date('2026-06-01T02:00:00Z') });
  const paddockIds = () => accepted.paddocks.filter((p) => p.priced).map((p) => p.id);

  /** Lodges a claim as the form does: whose claim it is in ?memberId=, the rest as multipart fields. */
  function lodge(agent: TestAgent, { memberId, ...fields }: Record<string, string | string[]>, photos: Array<{ bytes: Buffer; name: string }> = []) {
    let req = agent.post(memberId ? `/api/claims?memberId=${String(memberId)}` : '/api/claims');
    for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) req = req.field(key, item);
    for (const photo of photos) req = req.attach('photos', photo.bytes, photo.name);
    return req;
  }

  const claimFields = (overrides: Record<string, string | string[]> = {}) => ({
    applicationId: accepted.id,
    peril: 'hail',
    eventDate: '2026-10-14',
    affectedPaddockIds: paddockIds(),
    estimatedLossDollars: '40000',
    description: 'Hail stripped the heads on the north side of both paddocks.',
    ...overrides,
  });

  return { t, users, agents, accepted, submitted, paddockIds, lodge, claimFields };
}

/** A soil result as staff type it from a lab's report, for the member's Creek Flat (createApplication's paddock). */
export const labSoilSample = (overrides: Record<string, unknown> = {}) => ({
  paddockName: 'Creek Flat',
  lab: 'CSBP',
  sampleDate: '2025-03-11',
  depthFromCm: 0,
  depthToCm: 10,
  pHCaCl2: 5.4,
  pHWater: null,
  organicCarbonPct: 1.1,
  ecDsM: null,
  colwellPMgKg: 31,
  kMgKg: null,
  sMgKg: null,
  texture: 'sandy loam',
  ...overrides,
});
