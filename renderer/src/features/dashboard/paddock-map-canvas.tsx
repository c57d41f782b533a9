/**
 * The drawn part of the dashboard's paddock map (paddock-map.tsx): Leaflet and its tiles, loaded
 * only when a page has a paddock with an outline to draw.
 */
import { useMemo } from 'react';
import { GeoJSON, MapContainer } from 'react-leaflet';
import type { Feature, Geometry } from 'geojson';
import { isPaddockGeometry } from '@shared/paddock-geometry';
import { NoImageryNote, PreferredImagery, useTileStatus } from '../../components/map/base-layers';
import { FitBounds } from '../../components/map/fit-bounds';
import { readMapConfig } from '../../components/map/map-config';
import { setTextTooltip } from '../../components/map/map-text';
import { PADDOCK_TONE_COLOURS, type PaddockMapProps } from './paddock-map';
import styles from './paddock-map.module.css';

export default function PaddockMapCanvas({ paddocks, onToggle }: Omit<PaddockMapProps, 'label'>) {
  const config = useMemo(() => readMapConfig(import.meta.env), []);
  const features = useMemo<Feature[]>(
    () => paddocks.filter((p) => isPaddockGeometry(p.geometry)).map((p) => ({ type: 'Feature', geometry: p.geometry as Geometry, properties: { id: p.id, name: p.name, detail: p.detail ?? '', tone: p.tone } })),
    [paddocks],
  );
  const { noTiles, tileHandlers } = useTileStatus(config);
  return (
    <MapContainer className={styles.map} center={[config.defaultCenter.lat, config.defaultCenter.lng]} zoom={config.defaultZoom} scrollWheelZoom={false} attributionControl>
      <PreferredImagery config={config} tileHandlers={tileHandlers} />
      <GeoJSON
        key={features.map((f) => `${String(f.properties?.id)}:${String(f.properties?.tone)}`).join('|')}
        data={{ type: 'FeatureCollection', features } as GeoJSON.FeatureCollection}
        style={(feature) => {
          const colours = PADDOCK_TONE_COLOURS[(feature?.properties?.tone ?? 'unprotected') as keyof typeof PADDOCK_TONE_COLOURS];
          return { color: colours.stroke, fillColor: colours.fill, fillOpacity: 0.45, weight: 2 };
        }}
        onEachFeature={(feature, layer) => {
          const { id, name, detail } = feature.properties as { id: string; name: string; detail: string };
          setTextTooltip(layer, detail ? [{ text: name, strong: true }, detail] : [{ text: name, strong: true }], { sticky: true });
          if (onToggle) layer.on('click', () => onToggle(id));
        }}
      />
      <FitBounds features={features} />
      {noTiles && <NoImageryNote>Your paddocks are drawn on the grid.</NoImageryNote>}
    </MapContainer>
  );
}
