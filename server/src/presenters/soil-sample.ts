/**
 * A soil sample (prisma/schema/soil.prisma) as the API answers it: results in the units their
 * names say (…Pct, …DsM, …MgKg), the sample date a calendar day, with the member's name.
 */
import { ENTERED_BY, type EnteredBy, SOIL_TEXTURES, type SoilSampleView, type SoilTexture } from '@shared/contracts/soil';
import type { Database } from '../db/client';

type SoilSampleRow = NonNullable<Awaited<ReturnType<Database['soilSample']['findFirst']>>>;

const textureOf = (value: string | null): SoilTexture | null => ((SOIL_TEXTURES as readonly string[]).includes(value ?? '') ? (value as SoilTexture) : null);
const enteredByOf = (value: string): EnteredBy => ((ENTERED_BY as readonly string[]).includes(value) ? (value as EnteredBy) : 'staff');

export function presentSoilSample(row: SoilSampleRow, memberName: string): SoilSampleView {
  return {
    id: row.id,
    memberId: row.userId,
    memberName,
    paddockName: row.paddockName,
    paddockKey: row.paddockKey,
    lab: row.lab,
    sampleDate: row.sampleDate,
    depthFromCm: row.depthFromCm,
    depthToCm: row.depthToCm,
    pHCaCl2: row.pHCaCl2,
    pHWater: row.pHWater,
    organicCarbonPct: row.organicCarbonPct,
    ecDsM: row.ecDsM,
    colwellPMgKg: row.colwellPMgKg,
    kMgKg: row.kMgKg,
    sMgKg: row.sMgKg,
    texture: textureOf(row.texture),
    enteredBy: enteredByOf(row.enteredBy),
    importBatchId: row.importBatchId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The names of the members the rows belong to, read once for a page of rows. */
export async function memberNames(db: Database, rows: ReadonlyArray<{ userId: string }>): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.userId))];
  if (ids.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true, email: true } });
  return new Map(users.map((user) => [user.id, [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email]));
}
