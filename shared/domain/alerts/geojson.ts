/**
 * A GeoJSON FeatureCollection of events (DFES incidents, or any source naming the same properties)
 * turned into the events the product stores, one per feature. A Point is a circle of its radiusKm;
 * a feature whose status is 'cancelled' ends the stored event of the same source and externalId.
 */
import type { AlertFeatureCollection, IncomingAlertEvent } from '../../contracts/alerts';
import { AlertMessageError, circleRing, mergePolygons } from './geometry';

export function geoJsonAlertEvents(collection: AlertFeatureCollection): IncomingAlertEvent[] {
  return collection.features.map(({ geometry, properties }, index) => {
    const cancelled = properties.status === 'cancelled';
    let polygons: number[][][][];
    if (geometry.type === 'Point') {
      if (!properties.radiusKm && !cancelled) throw new AlertMessageError(`Feature ${index + 1} is a Point: give its radiusKm so the ground it covers is known.`);
      polygons = properties.radiusKm ? [[circleRing(geometry.coordinates, properties.radiusKm)]] : [];
    } else polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return {
      source: properties.source.toLowerCase(),
      externalId: properties.externalId,
      action: cancelled ? 'cancel' : 'alert',
      references: cancelled ? [properties.externalId] : [],
      kind: properties.kind,
      title: properties.title,
      severity: properties.severity ?? null,
      hailSizeMm: properties.hailSizeMm ?? null,
      effectiveAt: properties.effective,
      expiresAt: properties.expires ?? null,
      geometry: cancelled ? null : mergePolygons(polygons),
      areaCodes: [],
      areaDescription: null,
    };
  });
}
