/**
 * A read-only map of a farm's paddocks for the dashboard (the editable map of the quote is
 * components/map/farm-map.tsx). Paddocks are coloured by their state; when `onToggle` is given a
 * click picks or unpicks a paddock (claims). Paddocks without a boundary are listed beside the map
 * by the page, not drawn. Tiles come from the same configuration as the quote's map.
 */
import { useMemo } from 'react';
import { PADDOCK_COVER_LABELS } from '@shared/domain/protection/lifecycle';
import { GeoJSON, MapContainer } from 'react-leaflet';
import { NoImageryNote, PreferredImagery, useTileStatus } from '../../components/map/base-layers';
import { FitBounds, isPolygon } from '../../components/map/fit-bounds';
import type { Feature, Geometry } from 'geojson';
import { readMapConfig } from '../../components/map/map-config';
import { setTextTooltip } from '../../components/map/map-text';
import styles from './paddock-map.module.css';

export interface MapPaddock {
  id: string;
  name: string;
  geometry: unknown;
  /** Shown in the tooltip under the name. */
  detail?: string;
  tone: 'protected' | 'pending' | 'unprotected' | 'selected';
}

const colours: Record<MapPaddock['tone'], { stroke: string; fill: string }> = {
  protected: { stroke: '#1d6b34', fill: '#3d9a57' },
  pending: { stroke: '#8a5a00', fill: '#e8b43a' },
  unprotected: { stroke: '#4a5450', fill: '#b9bdb5' },
  selected: { stroke: '#a4161a', fill: '#e0585c' },
};

export function hasMappedPaddocks(paddocks: readonly { geometry?: unknown }[]): boolean {
  return paddocks.some((p) => isPolygon(p.geometry));
}

export default function PaddockMap({ paddocks, onToggle, label }: { paddocks: readonly MapPaddock[]; onToggle?: (id: string) => void; label: string }) {
  const config = useMemo(() => readMapConfig(import.meta.env), []);
  const features = useMemo<Feature[]>(
    () => paddocks.filter((p) => isPolygon(p.geometry)).map((p) => ({ type: 'Feature', geometry: p.geometry as Geometry, properties: { id: p.id, name: p.name, detail: p.detail ?? '', tone: p.tone } })),
    [paddocks],
  );
  const { noTiles, tileHandlers } = useTileStatus(config);
  return (
    <div className={styles.frame} role="region" aria-label={label}>
      <MapContainer className={styles.map} center={[config.defaultCenter.lat, config.defaultCenter.lng]} zoom={config.defaultZoom} scrollWheelZoom={false} attributionControl>
        <PreferredImagery config={config} tileHandlers={tileHandlers} />
        <GeoJSON
          key={features.map((f) => `${String(f.properties?.id)}:${String(f.properties?.tone)}`).join('|')}
          data={{ type: 'FeatureCollection', features } as GeoJSON.FeatureCollection}
          style={(feature) => {
            const tone = (feature?.properties?.tone ?? 'unprotected') as MapPaddock['tone'];
            return { color: colours[tone].stroke, fillColor: colours[tone].fill, fillOpacity: 0.45, weight: 2 };
          }}
          onEachFeature={(feature, layer) => {
            const { id, name, detail } = feature.properties as { id: string; name: string; detail: string };
            setTextTooltip(layer, detail ? [{ text: name, strong: true }, detail] : [{ text: name, strong: true }], { sticky: true });
            if (onToggle) layer.on('click', () => onToggle(id));
          }}
        />
        <FitBounds features={features} />
      </MapContainer>
      {noTiles && <NoImageryNote>Your paddocks are drawn on the grid.</NoImageryNote>}
      <ul className={styles.legend} aria-label="Map key">
        <li>
          <span className={styles.swatch} style={{ background: colours.protected.fill }} /> {PADDOCK_COVER_LABELS.protected}
        </li>
        <li>
          <span className={styles.swatch} style={{ background: colours.pending.fill }} /> {PADDOCK_COVER_LABELS.pending}
        </li>
        <li>
          <span className={styles.swatch} style={{ background: colours.unprotected.fill }} /> {PADDOCK_COVER_LABELS.unprotected}
        </li>
        {onToggle && (
          <li>
            <span className={styles.swatch} style={{ background: colours.selected.fill }} /> Picked for this claim
          </li>
        )}
      </ul>
    </div>
  );
}
