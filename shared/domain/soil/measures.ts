/**
 * What a soil sample records (the soil-testing pilot, docs/soil-testing.md): the labels of the
 * textures a sample may be given, how a texture written on a report is read, and the key a paddock
 * is known by. The measures, their ranges and the textures are the requests' vocabulary, in
 * shared/contracts/soil.ts, so a form, the API and an imported row say the same thing.
 */
import { SOIL_TEXTURES, type SoilTexture } from '../../contracts/soil';

export const TEXTURE_LABELS: Record<SoilTexture, string> = {
  sand: 'Sand',
  'loamy sand': 'Loamy sand',
  'sandy loam': 'Sandy loam',
  loam: 'Loam',
  'sandy clay loam': 'Sandy clay loam',
  'clay loam': 'Clay loam',
  clay: 'Clay',
};

/**
 * The key a paddock is known by across the farm list and every application: its name with the
 * spacing and letter case folded ('North  Paddock ' and 'north paddock' are one paddock).
 */
export function paddockKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-AU');
}

/** A texture as written on a report ('Sandy Loam', 'sandy-loam', 'SL'), or undefined when it is none of the list. */
export function textureOf(text: string): SoilTexture | undefined {
  const folded = text.trim().toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ');
  const byCode: Record<string, SoilTexture> = { s: 'sand', ls: 'loamy sand', sl: 'sandy loam', l: 'loam', scl: 'sandy clay loam', cl: 'clay loam', c: 'clay' };
  return (SOIL_TEXTURES as readonly string[]).includes(folded) ? (folded as SoilTexture) : byCode[folded];
}
