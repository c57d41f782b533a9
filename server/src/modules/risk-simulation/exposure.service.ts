/**
 * The mutual's exposure as the risk page and the season worker see it: every protected paddock
 * (applications whose cover has started, the stage a claim may be lodged on) with a mapped outline,
 * its protected value, hurdle and perils; the zones with their outlines; the reserve.
 */
import type { ExposurePaddock, ExposureResponse, ExposureZone } from '@shared/contracts/risk-simulation';
import { canLodgeClaim, protectionStage } from '@shared/domain/protection/lifecycle';
import { coverageIncludes, isInvoiceable, protectionStatusOf } from '@shared/domain/protection/protection';
import { PROTECTION_STATUSES } from '@shared/contracts/protection-status';
import { isPaddockGeometry } from '@shared/domain/geo/geometry';
import { effectiveArea } from '@shared/domain/geo/paddock-area';
import { toCents } from '@shared/domain/pricing/money';
import type { Peril } from '@shared/domain/risk/exposure';
import type { Database } from '../../db/client';
import { coverageOf } from '../../presenters/protection';
import { billingOf } from '../protection/protections.service';

/** Cover can have started only on an application the board accepted; its payments decide (lifecycle.ts). */
const ACCEPTED_STATUSES = PROTECTION_STATUSES.filter(isInvoiceable);
const RESERVE_ID = 'current';

export async function loadExposure(db: Database): Promise<Omit<ExposureResponse, 'success'>> {
  const [accepted, zoneRows, reserveCents] = await Promise.all([
    db.protectionApplication.findMany({
      where: { status: { in: [...ACCEPTED_STATUSES] } },
      select: {
        id: true,
        status: true,
        userId: true,
        coverageType: true,
        zoneCode: true,
        paddocks: {
          orderBy: { sortOrder: 'asc' },
          select: { id: true, sectionId: true, name: true, crop: true, area: true, userDefinedArea: true, hurdlePercentage: true, isExcluded: true, isGroup: true, geometry: true },
        },
        crops: { select: { sectionId: true, hectares: true, hurdlePercentage: true, insuredValue: true } },
      },
      orderBy: [{ submittedAt: 'asc' }, { id: 'asc' }],
    }),
    db.agricultureZone.findMany({ where: { isActive: true }, orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }] }),
    readReserveCents(db),
  ]);
  const billing = await billingOf(
    db,
    accepted.map((application) => application.id),
  );
  const applications = accepted.filter((application) => canLodgeClaim(protectionStage(protectionStatusOf(application.status), billing(application.id))));
  const members = await db.user.findMany({ where: { id: { in: [...new Set(applications.map((application) => application.userId))] } }, select: { id: true, firstName: true, lastName: true } });
  const nameOf = new Map(members.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim()]));

  const paddocks: ExposurePaddock[] = [];
  const unmapped = { paddocks: 0, valueCents: 0 };
  let protectedValueCents = 0;
  for (const application of applications) {
    const coverage = coverageOf(application.coverageType);
    const perils = (['hail', 'fire'] as const).filter((peril: Peril) => coverageIncludes(coverage, peril));
    for (const paddock of application.paddocks) {
      if (paddock.isGroup || paddock.isExcluded) continue;
      const allocations = application.crops.filter((crop) => crop.sectionId === paddock.sectionId);
      const valueCents = allocations.reduce((sum, crop) => sum + toCents(crop.insuredValue), 0);
      if (valueCents <= 0) continue;
      protectedValueCents += valueCents;
      if (!isPaddockGeometry(paddock.geometry)) {
        unmapped.paddocks += 1;
        unmapped.valueCents += valueCents;
        continue;
      }
      paddocks.push({
        id: paddock.id,
        name: paddock.name,
        memberName: nameOf.get(application.userId) ?? '(account deleted)',
        crop: paddock.crop,
        zoneCode: application.zoneCode,
        perils,
        areaHa: allocations[0]?.hectares ?? effectiveArea(paddock),
        valueCents,
        hurdlePercentage: allocations[0]?.hurdlePercentage ?? paddock.hurdlePercentage ?? 0,
        geometry: paddock.geometry as ExposurePaddock['geometry'],
      });
    }
  }
  const zones: ExposureZone[] = zoneRows
    .filter((zone) => isPaddockGeometry(zone.boundary))
    .map((zone) => ({ code: zone.code, name: zone.name, hailRate: zone.hailRate, fireRate: zone.fireRate, boundary: zone.boundary as ExposureZone['boundary'] }));
  return { paddocks, zones, unmapped, protectedValueCents, reserveCents };
}

export async function readReserveCents(db: Database): Promise<number> {
  const row = await db.riskReserve.findUnique({ where: { id: RESERVE_ID } });
  return row ? toCents(row.amount) : 0;
}

export function writeReserve(db: Database, reserveCents: number, actorId: string) {
  const amount = reserveCents / 100;
  return db.riskReserve.upsert({ where: { id: RESERVE_ID }, create: { id: RESERVE_ID, amount, updatedById: actorId }, update: { amount, updatedById: actorId } });
}
