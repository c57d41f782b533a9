/**
 * A tiny shapefile writer for tests, after the ESRI Shapefile Technical Description (1998): polygon,
 * polyline or point records (each a list of rings or parts, [x, y] positions; a record with none is
 * a Null Shape) with one text attribute, zipped with their .shx, .dbf and a .prj (WGS84 unless
 * another is given, or none). Outer rings must be clockwise and holes counter-clockwise, as the
 * format says.
 */
import JSZip from 'jszip';

export interface ShapefileRecord {
  name: string;
  /** Rings of a polygon, parts of a polyline, or one position for a point; empty for a Null Shape. */
  rings: Array<Array<[number, number]>>;
}

export type ShapeType = 'polygon' | 'polyline' | 'point';

const SHAPE_CODES: Record<ShapeType, number> = { point: 1, polyline: 3, polygon: 5 };
const NULL_SHAPE = 0;
const WGS84_PRJ = 'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

function bounds(points: Array<[number, number]>): [number, number, number, number] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function writeHeader(view: DataView, fileLengthBytes: number, box: [number, number, number, number], shapeCode: number) {
  view.setInt32(0, 9994, false);
  view.setInt32(24, fileLengthBytes / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, shapeCode, true);
  box.forEach((value, index) => view.setFloat64(36 + index * 8, value, true));
}

function contentBytes(shapeType: ShapeType, record: ShapefileRecord, points: number): number {
  if (record.rings.length === 0) return 4;
  if (shapeType === 'point') return 20;
  return 44 + 4 * record.rings.length + 16 * points;
}

export function writeShapefile(records: readonly ShapefileRecord[], shapeType: ShapeType = 'polygon'): { shp: Uint8Array; shx: Uint8Array; dbf: Uint8Array } {
  const shapeCode = SHAPE_CODES[shapeType];
  const contents = records.map((record) => {
    const points = record.rings.flat();
    return { record, points, bytes: contentBytes(shapeType, record, points.length) };
  });
  const all = contents.flatMap((content) => content.points);
  const box = all.length > 0 ? bounds(all) : ([0, 0, 0, 0] as [number, number, number, number]);
  const shpLength = 100 + contents.reduce((total, content) => total + 8 + content.bytes, 0);
  const shp = new DataView(new ArrayBuffer(shpLength));
  const shx = new DataView(new ArrayBuffer(100 + 8 * records.length));
  writeHeader(shp, shpLength, box, shapeCode);
  writeHeader(shx, 100 + 8 * records.length, box, shapeCode);

  let offset = 100;
  contents.forEach((content, index) => {
    shx.setInt32(100 + index * 8, offset / 2, false);
    shx.setInt32(104 + index * 8, content.bytes / 2, false);
    shp.setInt32(offset, index + 1, false);
    shp.setInt32(offset + 4, content.bytes / 2, false);
    let at = offset + 8;
    if (content.points.length === 0) {
      shp.setInt32(at, NULL_SHAPE, true);
      offset += 8 + content.bytes;
      return;
    }
    shp.setInt32(at, shapeCode, true);
    if (shapeType === 'point') {
      shp.setFloat64(at + 4, content.points[0]![0], true);
      shp.setFloat64(at + 12, content.points[0]![1], true);
      offset += 8 + content.bytes;
      return;
    }
    bounds(content.points).forEach((value, i) => shp.setFloat64(at + 4 + i * 8, value, true));
    at += 36;
    shp.setInt32(at, content.record.rings.length, true);
    shp.setInt32(at + 4, content.points.length, true);
    at += 8;
    let start = 0;
    for (const ring of content.record.rings) {
      shp.setInt32(at, start, true);
      at += 4;
      start += ring.length;
    }
    for (const [x, y] of content.points) {
      shp.setFloat64(at, x, true);
      shp.setFloat64(at + 8, y, true);
      at += 16;
    }
    offset += 8 + content.bytes;
  });

  // dBASE III with one character field NAME of 40 characters.
  const fieldLength = 40;
  const headerLength = 32 + 32 + 1;
  const recordLength = 1 + fieldLength;
  const dbf = new Uint8Array(headerLength + recordLength * records.length + 1);
  const dbfView = new DataView(dbf.buffer);
  dbf[0] = 0x03;
  dbf.set([126, 1, 1], 1);
  dbfView.setInt32(4, records.length, true);
  dbfView.setInt16(8, headerLength, true);
  dbfView.setInt16(10, recordLength, true);
  dbf.set(new TextEncoder().encode('NAME'), 32);
  dbf[32 + 11] = 'C'.charCodeAt(0);
  dbf[32 + 16] = fieldLength;
  dbf[64] = 0x0d;
  records.forEach((record, index) => {
    const at = headerLength + index * recordLength;
    dbf.fill(0x20, at, at + recordLength);
    dbf.set(new TextEncoder().encode(record.name.slice(0, fieldLength)), at + 1);
  });
  dbf[dbf.length - 1] = 0x1a;

  return { shp: new Uint8Array(shp.buffer), shx: new Uint8Array(shx.buffer), dbf };
}

export interface ShapefileLayer {
  baseName: string;
  records: readonly ShapefileRecord[];
  shapeType?: ShapeType;
  /** The .prj text; WGS84 when left out, no .prj at all when null. */
  prj?: string | null;
}

/** Several layers in one zip, as farm software exports paddocks, sheds and tracks side by side. */
export async function zippedShapefileLayers(layers: readonly ShapefileLayer[]): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const layer of layers) {
    const { shp, shx, dbf } = writeShapefile(layer.records, layer.shapeType);
    zip.file(`${layer.baseName}.shp`, shp);
    zip.file(`${layer.baseName}.shx`, shx);
    zip.file(`${layer.baseName}.dbf`, dbf);
    const prj = layer.prj === undefined ? WGS84_PRJ : layer.prj;
    if (prj !== null) zip.file(`${layer.baseName}.prj`, prj);
  }
  return zip.generateAsync({ type: 'uint8array' });
}

export function zippedShapefile(records: readonly ShapefileRecord[], options: { baseName?: string; withPrj?: boolean } = {}): Promise<Uint8Array> {
  return zippedShapefileLayers([{ baseName: options.baseName ?? 'paddocks', records, ...(options.withPrj === false ? { prj: null } : {}) }]);
}
