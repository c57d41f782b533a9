/**
 * A storm or fire event on a map: its area (the warning's polygons and circles, or the fire's
 * footprint) and the outlines of the paddocks under it, each labelled (staff see the member's name;
 * a member sees their paddock and how much lies under the event). Works without tiles, on the same
 * grid background as the farm map (docs/mapping.md).
 */
import L from './leaflet-setup';
import { useEffect, useMemo } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { BaseLayers, NoImageryNote, useTileStatus } from './base-layers';
import { GridBackground } from './grid-background';
import type { AlertGeometry } from '@shared/contracts/alerts';
import { readMapConfig } from './map-config';
import { type LabelLine, setTextTooltip } from './map-text';
import mapStyles from './farm-map.module.css';
import { plural } from '@shared/format';

export interface MappedPaddock {
  key: string;
  boundary: GeoJSON.Polygon | GeoJSON.MultiPolygon;
  label: readonly LabelLine[];
}

const EVENT_STYLE: L.PathOptions = { color: '#b35c00', weight: 2, fillColor: '#e8b43a', fillOpacity: 0.25, dashArray: '6 4' };
const PADDOCK_STYLE: L.PathOptions = { color: '#8a1c1c', weight: 2, fillColor: '#d9480f', fillOpacity: 0.55 };

/**
 * What the map is fitted to: the event and every paddock (staff, who look at the event as a whole),
 * or the paddocks, with the event around them (a member: a warning can cover a region hundreds of
 * kilometres wide, and fitted to it a paddock shrank to a dot; the member looks for their paddock's
 * outline and how much of it lies under the event).
 */
export type EventMapFocus = 'event' | 'paddocks';

function Layers({ geometry, title, paddocks, focus }: { geometry: AlertGeometry; title: string; paddocks: readonly MappedPaddock[]; focus: EventMapFocus }) {
  const map = useMap();

  useEffect(() => {
    const area = L.geoJSON(geometry, { style: EVENT_STYLE });
    setTextTooltip(area, [{ text: title, strong: true }, 'The event’s area'], { sticky: true });
    const outlines = paddocks.map((paddock) => {
      const layer = L.geoJSON(paddock.boundary, { style: PADDOCK_STYLE });
      setTextTooltip(layer, paddock.label, { sticky: true });
      return layer;
    });
    const group = L.featureGroup([area, ...outlines]).addTo(map);
    area.bringToBack();
    const paddockBounds = L.featureGroup(outlines).getBounds();
    const bounds = focus === 'paddocks' && paddockBounds.isValid() ? paddockBounds : group.getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [32, 32], maxZoom: focus === 'paddocks' ? 15 : 14 });
    return () => {
      group.remove();
    };
  }, [map, geometry, title, paddocks, focus]);

  return null;
}

export function EventMap({ geometry, title, paddocks, focus = 'event' }: { geometry: AlertGeometry; title: string; paddocks: readonly MappedPaddock[]; focus?: EventMapFocus }) {
  const config = useMemo(() => readMapConfig(), []);
  const { noTiles, tileHandlers } = useTileStatus(config);
  return (
    <div
      className={mapStyles.frame}
      role="region"
      aria-label={`Map of the event’s area and the ${plural(paddocks.length, 'matched paddock outline')}`}
      data-testid="event-map"
      data-tiles={noTiles ? 'none' : 'ok'}
    >
      <MapContainer center={[config.defaultCenter.lat, config.defaultCenter.lng]} zoom={config.defaultZoom} className={`${mapStyles.map} ${mapStyles.eventMap}`} scrollWheelZoom={false}>
        <BaseLayers config={config} tileHandlers={tileHandlers} />
        <GridBackground />
        <Layers geometry={geometry} title={title} paddocks={paddocks} focus={focus} />
        {noTiles && <NoImageryNote>The event and the paddocks are drawn on the grid.</NoImageryNote>}
      </MapContainer>
    </div>
  );
}
