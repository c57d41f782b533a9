/**
 * The paddocks of a farm coloured by one soil measure: each paddock by its latest topsoil result
 * (shared/domain/soil/history.ts) in the measure's band (shared/domain/soil/colour-scale.ts), the
 * legend below in words, and the paddocks with no boundary named under it. Read-only; tiles come
 * from the same configuration as the other maps, and the map works on its grid background without them.
 */
import { useMemo } from 'react';
import { GeoJSON, MapContainer } from 'react-leaflet';
import { NoImageryNote, PreferredImagery, useTileStatus } from '../map/base-layers';
import { FitBounds } from '../map/fit-bounds';
import { isPaddockGeometry } from '@shared/paddock-geometry';
import type { Feature, Geometry } from 'geojson';
import { measureLabel, type SoilMeasure, type SoilPaddockView } from '@shared/contracts/soil';
import { bandOf, legendOf, NO_RESULT_COLOUR } from '@shared/domain/soil/colour-scale';
import { formatDate, formatNumber } from '@shared/format';
import { readMapConfig } from '../map/map-config';
import { setTextTooltip } from '../map/map-text';
import styles from './soil.module.css';

export interface PaddockResult {
  value: number;
  sampleDate: string;
  depthFromCm: number;
  depthToCm: number;
}

export default function SoilMap({ paddocks, results, measure, label }: { paddocks: readonly SoilPaddockView[]; results: ReadonlyMap<string, PaddockResult>; measure: SoilMeasure; label: string }) {
  const config = useMemo(() => readMapConfig(import.meta.env), []);
  const features = useMemo<Feature[]>(
    () =>
      paddocks
        .filter((paddock) => isPaddockGeometry(paddock.geometry))
        .map((paddock) => {
          const result = results.get(paddock.key);
          const detail = result
            ? `${measureLabel(measure)} ${formatNumber(result.value)} (${bandOf(measure, result.value).name}), ${result.depthFromCm}–${result.depthToCm} cm, ${formatDate(result.sampleDate)}`
            : `No ${measureLabel(measure)} result`;
          return {
            type: 'Feature',
            geometry: paddock.geometry as Geometry,
            properties: { key: paddock.key, name: paddock.name, detail, colour: result ? bandOf(measure, result.value).colour : NO_RESULT_COLOUR },
          };
        }),
    [paddocks, results, measure],
  );
  const unmapped = paddocks.filter((paddock) => !isPaddockGeometry(paddock.geometry));
  const legend = legendOf(measure);
  const { noTiles, tileHandlers } = useTileStatus(config);
  return (
    <div className={styles.frame} role="region" aria-label={label}>
      {features.length > 0 && (
        <MapContainer className={styles.map} center={[config.defaultCenter.lat, config.defaultCenter.lng]} zoom={config.defaultZoom} scrollWheelZoom={false} attributionControl>
          <PreferredImagery config={config} tileHandlers={tileHandlers} />
          <GeoJSON
            key={features.map((feature) => `${String(feature.properties?.key)}:${String(feature.properties?.colour)}`).join('|')}
            data={{ type: 'FeatureCollection', features } as GeoJSON.FeatureCollection}
            style={(feature) => ({ color: '#1f2a24', weight: 1.5, fillColor: String(feature?.properties?.colour ?? NO_RESULT_COLOUR), fillOpacity: 0.75 })}
            onEachFeature={(feature, layer) => {
              const { name, detail } = feature.properties as { name: string; detail: string };
              setTextTooltip(layer, [{ text: name, strong: true }, detail], { sticky: true });
            }}
          />
          <FitBounds features={features} />
          {noTiles && <NoImageryNote>The paddocks are drawn on the grid in their colours.</NoImageryNote>}
        </MapContainer>
      )}
      <div className={styles.legend} data-testid="soil-map-legend">
        <strong>{legend.title}</strong>, latest topsoil result
        <ul aria-label={`Map key: ${legend.title}`}>
          {legend.entries.map((entry) => (
            <li key={entry.label}>
              <span className={styles.swatch} style={{ background: entry.colour }} aria-hidden="true" /> {entry.label}
            </li>
          ))}
        </ul>
      </div>
      {unmapped.length > 0 && (
        <p className={styles.unmapped}>
          Not on the map (no boundary drawn):{' '}
          {unmapped.map((paddock, index) => {
            const result = results.get(paddock.key);
            return (
              <span key={paddock.key}>
                {index > 0 && '; '}
                {paddock.name} {result ? `${formatNumber(result.value)} (${bandOf(measure, result.value).name})` : '(no result)'}
              </span>
            );
          })}
        </p>
      )}
    </div>
  );
}
