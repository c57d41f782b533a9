/**
 * The map staff draw a reported event's area on (a storm or fire reported by phone): the polygon
 * and rectangle tools, the area drawn so far, and a jump to a place found by name. Works without
 * tiles, on the grid background (docs/mapping.md).
 */
import L from '../../components/map/leaflet-setup';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { Footprint } from '@shared/contracts/risk-simulation';
import { useAreaDrawing } from '../../components/map/area-drawing';
import { MapFrame } from '../../components/map/map-frame';
import mapStyles from '../../components/map/farm-map.module.css';

/** The zoom a found place opens at: a town and the farms around it. */
const PLACE_ZOOM = 11;
const AREA_STYLE: L.PathOptions = { color: '#b35c00', weight: 2, fillColor: '#e8b43a', fillOpacity: 0.3, dashArray: '6 4', interactive: false };

export interface ReportMapProps {
  area: Footprint | null;
  onDrawn: (area: Footprint) => void;
  /** A place to move to, with a key that changes to move there again. */
  focus: { lat: number; lng: number; key: number } | undefined;
}

function Layers({ area, onDrawn, focus }: ReportMapProps) {
  const map = useMap();
  useAreaDrawing(onDrawn);
  useEffect(() => {
    if (focus) map.setView([focus.lat, focus.lng], PLACE_ZOOM, { animate: false });
  }, [map, focus]);
  useEffect(() => {
    if (!area) return;
    const layer = L.geoJSON(area, { style: AREA_STYLE }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, area]);
  return null;
}

export function ReportMap(props: ReportMapProps) {
  return (
    <MapFrame testId="report-map" label="Map: draw the reported event’s area" mapClassName={mapStyles.eventMap ?? ''} offlineNote="Draw on the grid; find the place by name above.">
      <Layers {...props} />
    </MapFrame>
  );
}
