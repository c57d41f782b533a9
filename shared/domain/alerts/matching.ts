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
