// shpjs ships no type definitions; these cover the one function the boundary import uses.
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson';

  export type ShapefileCollection = FeatureCollection & { fileName?: string };

  /** Reads a zipped shapefile (.shp, .dbf, optional .prj/.cpg); one collection per layer. */
  export function parseZip(buffer: ArrayBuffer | Uint8Array, whiteList?: string[]): Promise<ShapefileCollection | ShapefileCollection[]>;
}
