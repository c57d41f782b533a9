/**
 * Which members an event concerns, and which of their paddocks (docs/alerts.md 'Matching'):
 *
 * - a paddock with a boundary, by the share of its area inside the event (the one spatial index,
 *   shared/domain/geo/area-index.ts: an R-tree over the boxes, then the share measured exactly);
 * - a paddock entered by its area alone, by its farm's location: inside the event, the paddock is
 *   listed without a share (nobody knows which part of the farm it is).
 *
 * One match per member, with every paddock of theirs the event reaches.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { AlertGeometry, AlertPaddock } from '../../contracts/alerts';
import { type AreaGeometry, type AreaIndex, indexAreas, sharesUnder } from '../geo/area-index';
import { isPaddockGeometry } from '../../paddock-geometry';

export interface AlertCandidatePaddock {
  paddockId: string;
  applicationId: string;
  userId: string;
  name: string;
  areaHa: number;
  /** The drawn or imported boundary; null when the member gave the area alone. */
  geometry: AreaGeometry | null;
  /** The farm's location from the application, for a paddock without a boundary. */
  farmLocation: { lat: number; lng: number } | null;
}

/** A live application (submitted to active) as matching needs it. */
export interface LiveApplication {
  id: string;
  userId: string;
  /** Epoch milliseconds; the newest application's copy of a paddock is the one matched. */
  submittedAt: number | null;
  farmLocation: { lat: number; lng: number } | null;
}

/** A paddock of a live application as stored (excluded and group sections already left out). */
export interface LivePaddock {
  id: string;
  applicationId: string;
  name: string;
  areaHa: number;
  sortOrder: number;
  geometry: unknown;
  /**
   * The paddock has an outline, lying beyond every event of the batch, so it was not read: it is
   * under none of them, and a copy of it without an outline does not stand in for it.
   */
  outlineOutOfReach?: boolean;
}

/** What makes two paddocks of a member's live applications copies of one paddock: the same name and area. */
export const paddockCopyKey = (userId: string, name: string, areaHa: number) => `${userId}\u0000${name}\u0000${areaHa}`;

/**
 * Every paddock of the live applications, once: the same paddock in two live applications of a
 * member (the same name and area) is the newest copy with a boundary, else the newest copy.
 */
export function alertCandidates(applications: readonly LiveApplication[], paddocks: readonly LivePaddock[]): AlertCandidatePaddock[] {
  const newestFirst = [...applications].sort((a, b) => (b.submittedAt ?? 0) - (a.submittedAt ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const paddocksOf = new Map<string, LivePaddock[]>();
  for (const paddock of paddocks) paddocksOf.set(paddock.applicationId, [...(paddocksOf.get(paddock.applicationId) ?? []), paddock]);
  const byKey = new Map<string, AlertCandidatePaddock>();
  const outlined = new Set<string>();
  for (const application of newestFirst) {
    const own = (paddocksOf.get(application.id) ?? []).sort((a, b) => a.sortOrder - b.sortOrder);
    for (const paddock of own) {
      const key = paddockCopyKey(application.userId, paddock.name, paddock.areaHa);
      const boundary = isPaddockGeometry(paddock.geometry) ? paddock.geometry : null;
      const hasOutline = boundary !== null || paddock.outlineOutOfReach === true;
      if (byKey.has(key) && (outlined.has(key) || !hasOutline)) continue;
      if (hasOutline) outlined.add(key);
      byKey.set(key, {
        paddockId: paddock.id,
        applicationId: application.id,
        userId: application.userId,
        name: paddock.name,
        areaHa: paddock.areaHa,
        geometry: boundary,
        // An outline out of reach is placed by nothing: not by the farm's location either.
        farmLocation: paddock.outlineOutOfReach ? null : application.farmLocation,
      });
    }
  }
  return [...byKey.values()];
}

type MappedPaddock = AlertCandidatePaddock & { geometry: AreaGeometry };

export interface AlertPaddockIndex {
  mapped: AreaIndex<MappedPaddock>;
  byFarmLocation: readonly AlertCandidatePaddock[];
}

export interface AlertMatch {
  userId: string;
  paddocks: AlertPaddock[];
}

const geometryOf = (paddock: MappedPaddock) => paddock.geometry;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Builds the index once; every event of a batch is then laid over it. */
export function indexAlertPaddocks(paddocks: readonly AlertCandidatePaddock[]): AlertPaddockIndex {
  const mapped = paddocks.filter((paddock): paddock is MappedPaddock => paddock.geometry !== null);
  return { mapped: indexAreas(mapped, geometryOf), byFarmLocation: paddocks.filter((paddock) => paddock.geometry === null && paddock.farmLocation !== null) };
}

/** The members the event reaches, each with their paddocks under it (share to 4 places, hectares to 0.01 ha), in the order of the index. */
export function matchAlert(index: AlertPaddockIndex, geometry: AlertGeometry): AlertMatch[] {
  const byMember = new Map<string, AlertPaddock[]>();
  const add = (paddock: AlertCandidatePaddock, entry: AlertPaddock) => {
    const list = byMember.get(paddock.userId) ?? [];
    list.push(entry);
    byMember.set(paddock.userId, list);
  };
  const describe = ({ paddockId, applicationId, name, areaHa }: AlertCandidatePaddock) => ({ paddockId, applicationId, name, areaHa });

  for (const { item, share } of sharesUnder(index.mapped, geometry, geometryOf)) {
    add(item, { ...describe(item), placedBy: 'boundary', share: round(share, 4), hectaresAffected: round(item.areaHa * share, 2) });
  }
  for (const paddock of index.byFarmLocation) {
    const { lat, lng } = paddock.farmLocation!;
    if (booleanPointInPolygon([lng, lat], geometry)) add(paddock, { ...describe(paddock), placedBy: 'farm_location', share: null, hectaresAffected: null });
  }
  return [...byMember].map(([userId, paddocks]) => ({ userId, paddocks }));
}
