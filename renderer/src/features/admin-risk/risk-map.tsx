/**
 * The risk map: the zones' outlines, every protected paddock (drawn on one canvas, so ten thousand
 * stay quick), the event's footprint, and the paddocks it hits picked out. Staff draw a footprint
 * with the polygon or rectangle tool (leaflet-geoman); the map reports it and draws what its props
 * say. Works without tiles, on the same grid background as the farm map (docs/mapping.md).
 */
import L from '../../components/map/leaflet-setup';
import { useAreaDrawing } from '../../components/map/area-drawing';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { MapFrame } from '../../components/map/map-frame';
import type { ExposurePaddock, ExposureZone, Footprint } from '@shared/contracts/risk-simulation';
import { formatCents, formatHectares } from '@shared/format';
import { setTextTooltip } from '../../components/map/map-text';
import styles from './risk.module.css';

export interface RiskMapProps {
  paddocks: readonly ExposurePaddock[];
  zones: readonly ExposureZone[];
  footprint: Footprint | null;
  hitIds: ReadonlySet<string>;
  onFootprintDrawn: (footprint: Footprint) => void;
  /** A place to move to (found by name), with a key that changes to move there again. */
  focus?: PlaceFocus | undefined;
}

export interface PlaceFocus {
  label: string;
  lat: number;
  lng: number;
  key: number;
}

/** The zoom a found place opens at: a few farms across, paddocks clear enough to draw over. */
const PLACE_ZOOM = 12;

const PADDOCK_STYLE: L.PathOptions = { color: '#1f4d2b', weight: 1, fillColor: '#2f7d44', fillOpacity: 0.35 };
const HIT_STYLE: L.PathOptions = { color: '#8a1c1c', weight: 2, fillColor: '#d9480f', fillOpacity: 0.7 };
const FOOTPRINT_STYLE: L.PathOptions = { color: '#b35c00', weight: 2, fillColor: '#e8b43a', fillOpacity: 0.25, dashArray: '6 4', interactive: false };
/** The chosen place's pin: a ring staff draw around, which lets clicks through to the drawing tools. */
const placeIcon = L.divIcon({ className: styles.placePin ?? '', iconSize: [14, 14], iconAnchor: [7, 7] });
const ZONE_STYLE: L.PathOptions = { color: '#46607a', weight: 1.5, fill: false, dashArray: '2 6', interactive: false };

function Layers({ paddocks, zones, footprint, hitIds, onFootprintDrawn, focus }: RiskMapProps) {
  const map = useMap();
  const renderer = useMemo(() => L.canvas({ padding: 0.5 }), []);
  const paddockLayers = useRef(new Map<string, L.Polygon>());
  // The view fits the protected paddocks once; after that it is the staff member's (a place chosen,
  // a pan), and a refetch of the paddocks must not pull it away from where they are drawing.
  const viewChosen = useRef(false);
  useAreaDrawing(onFootprintDrawn);

  useEffect(() => {
    const group = L.featureGroup(
      zones.map((zone) => {
        const layer = L.geoJSON(zone.boundary, { style: ZONE_STYLE });
        setTextTooltip(layer, [`Zone ${zone.code}: ${zone.name}`], { sticky: true });
        return layer;
      }),
    );
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, zones]);

  useEffect(() => {
    const layers = paddockLayers.current;
    const group = L.featureGroup();
    for (const paddock of paddocks) {
      const layer = L.geoJSON(paddock.geometry, { style: PADDOCK_STYLE, renderer } as L.GeoJSONOptions).getLayers()[0] as L.Polygon;
      setTextTooltip(layer, [{ text: paddock.name, strong: true }, paddock.memberName, `${formatHectares(paddock.areaHa)} · ${formatCents(paddock.valueCents)} · hurdle ${paddock.hurdlePercentage}%`], {
        sticky: true,
      });
      layers.set(paddock.id, layer);
      group.addLayer(layer);
    }
    group.addTo(map);
    const bounds = group.getBounds();
    if (bounds.isValid() && !viewChosen.current) {
      map.fitBounds(bounds, { paddingTopLeft: [56, 24], paddingBottomRight: [24, 24], maxZoom: 13 });
      viewChosen.current = true;
    }
    return () => {
      group.remove();
      layers.clear();
    };
  }, [map, paddocks, renderer]);

  useEffect(() => {
    for (const [id, layer] of paddockLayers.current) layer.setStyle(hitIds.has(id) ? HIT_STYLE : PADDOCK_STYLE);
  }, [hitIds, paddocks]);

  useEffect(() => {
    if (!focus) return;
    viewChosen.current = true;
    // A jump, not a glide: staff draw a footprint at once, and it must land where the place is.
    map.setView([focus.lat, focus.lng], PLACE_ZOOM, { animate: false });
    const pin = L.marker([focus.lat, focus.lng], { icon: placeIcon, title: focus.label, interactive: false, keyboard: false }).addTo(map);
    return () => {
      pin.remove();
    };
  }, [map, focus]);

  useEffect(() => {
    if (!footprint) return;
    const layer = L.geoJSON(footprint, { style: FOOTPRINT_STYLE });
    layer.addTo(map);
    layer.bringToBack();
    return () => {
      layer.remove();
    };
  }, [map, footprint]);

  return null;
}

export function RiskMap(props: RiskMapProps) {
  return (
    <MapFrame testId="risk-map" label="Risk map: draw a hail swath or fire footprint" mapClassName={styles.map ?? ''} offlineNote="The zones, paddocks and footprints are drawn on the grid.">
      <Layers {...props} />
    </MapFrame>
  );
}
