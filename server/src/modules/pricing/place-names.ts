import { decodeGazetteer, localityName, type GazetteerFile, type Locality, nearestLocality } from '@shared/domain/geo/gazetteer';
import type { PlaceNamer } from '@shared/domain/geo/paddock-zones';
import gazetteer from '@shared/domain/geo/wa-localities.json';

let localities: Locality[] | undefined;

/** The nearest WA locality to a point, as messages name it ('Lake Grace WA 6353'); decoded on first use. */
export const placeNear: PlaceNamer = (where) => {
  localities ??= decodeGazetteer(gazetteer as GazetteerFile);
  const locality = nearestLocality(localities, where);
  return locality ? localityName(locality) : undefined;
};
