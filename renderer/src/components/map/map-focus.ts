/**
 * Where the farm map is told to move, kept apart from the map (Leaflet loads with the map, this with
 * the page that places it): a place chosen, or every shape of a file just imported.
 */
import { geometryBoundingBox, type PaddockGeometry } from '@shared/domain/geo/geometry';

export interface MapFocus {
  lat: number;
  lng: number;
  zoom?: number;
  /** Fit these [[south, west], [north, east]] instead of centring on lat, lng (paddocks just imported). */
  bounds?: [[number, number], [number, number]];
  /** Change it to move the map again to the same place. */
  key: number;
}

/** Every one of these shapes in view, however far apart; undefined for none. */
export function focusOnShapes(geometries: readonly PaddockGeometry[]): MapFocus | undefined {
  if (geometries.length === 0) return undefined;
  const boxes = geometries.map(geometryBoundingBox);
  const [west, south, east, north] = [Math.min(...boxes.map((box) => box[0])), Math.min(...boxes.map((box) => box[1])), Math.max(...boxes.map((box) => box[2])), Math.max(...boxes.map((box) => box[3]))];
  return {
    lat: (south + north) / 2,
    lng: (west + east) / 2,
    bounds: [
      [south, west],
      [north, east],
    ],
    key: Date.now(),
  };
}
