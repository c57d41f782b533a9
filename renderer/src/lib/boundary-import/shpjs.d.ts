// shpjs ships no type definitions; these cover the one call the boundary import makes.
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson';

  /**
   * Reads one shapefile layer from its parts: the .shp, its .dbf and .cpg, and a .prj (WKT) to
   * reproject from; without one the coordinates are taken as they stand.
   */
  export default function getShapefile(layer: { shp: Uint8Array; dbf?: Uint8Array | undefined; cpg?: string | undefined; prj?: string | undefined }): Promise<FeatureCollection>;
}
