/**
 * The farm map: street and satellite tiles from configuration (with their attribution), a plain
 * background with a faint grid when no tiles load (offline), the farm location marker, and the
 * paddocks, which the grower draws, edits, cuts holes in and deletes with leaflet-geoman.
 *
 * The map shows what its props say and reports changes through callbacks; it keeps no paddock
 * state of its own. Leaflet, geoman and their CSS are imported here, so they load with the map
 * step only.
 */
import { formatHectares } from '@shared/format';
import L from './leaflet-draw';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { BaseLayers, NoImageryNote, useTileStatus } from './base-layers';
import { GridBackground } from './grid-background';
import type { FarmLocation, PaddockSection } from '@shared/contracts/quote';
import { isPaddockGeometry, sectionGeometry, type PaddockGeometry } from '@shared/domain/geo/geometry';
import { effectiveArea } from '@shared/domain/geo/paddock-area';
import { readMapConfig, type MapConfig } from './map-config';
import type { MapFocus } from './map-focus';
import { setTextTooltip } from './map-text';
import styles from './farm-map.module.css';

/** What the map draws of a paddock: the quote's sections, or Your Farm's paddocks shown as sections. */
export type MapPaddockSection = Pick<PaddockSection, 'id' | 'name' | 'area' | 'isGroup' | 'isExcluded'> & Partial<Pick<PaddockSection, 'userDefinedArea'>> & { geometry?: unknown };

export interface FarmMapProps {
  paddocks: readonly MapPaddockSection[];
  farmLocation?: FarmLocation;
  /** Where to move the map (a place chosen in 'find your farm'). */
  focus?: MapFocus;
  selectedPaddockId?: string;
  config?: MapConfig;
  /** Height of the map, CSS length; default 28rem (22rem on phones via CSS). */
  height?: string;
  /** Without it the farm marker stays where it is (Your Farm, whose farm's place is the latest application's). */
  onFarmLocationChange?: (location: { lat: number; lng: number }) => void;
  onPaddockDrawn: (geometry: PaddockGeometry) => void;
  onPaddockGeometryChange: (id: string, geometry: PaddockGeometry) => void;
  onPaddockDelete: (id: string) => void;
  onPaddockSelect?: (id: string) => void;
}

const farmIcon = L.divIcon({
  className: styles.farmIcon,
  html: '<svg viewBox="0 0 32 44" width="32" height="44" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" fill="#1f4d2b" stroke="#fff" stroke-width="2"/><path d="M9 20v-6l7-5 7 5v6h-4v-4h-6v4z" fill="#e8b43a"/></svg>',
  iconSize: [32, 44],
  iconAnchor: [16, 43],
  tooltipAnchor: [0, -40],
});

type Callbacks = Pick<FarmMapProps, 'onPaddockDrawn' | 'onPaddockGeometryChange' | 'onPaddockDelete' | 'onPaddockSelect'>;

interface LayerEntry {
  layer: L.Polygon;
  key: string;
}

/** Keeps one editable Leaflet polygon per mapped paddock, in step with the paddock list. */
function PaddockLayers({
  paddocks,
  selectedPaddockId,
  farmLocation,
  callbacks,
}: {
  paddocks: readonly MapPaddockSection[];
  selectedPaddockId?: string;
  farmLocation?: FarmLocation;
  callbacks: React.RefObject<Callbacks>;
}) {
  const map = useMap();
  const entries = useRef(new Map<string, LayerEntry>());
  const fitted = useRef(false);

  // Geoman toolbar and the events of shapes drawn or cut.
  useEffect(() => {
    map.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawCircle: false,
      drawText: false,
      drawRectangle: true,
      drawPolygon: true,
      editMode: true,
      dragMode: false,
      cutPolygon: true,
      removalMode: true,
      rotateMode: false,
    });
    map.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: true, snapDistance: 15 });
    const created = (event: { layer: L.Layer; shape: string }) => {
      const geometry = (event.layer as L.Polygon).toGeoJSON().geometry;
      event.layer.remove();
      if (isPaddockGeometry(geometry)) callbacks.current.onPaddockDrawn(geometry);
    };
    const cut = (event: { layer: L.Layer; originalLayer: L.Layer }) => {
      const id = idOfLayer(event.originalLayer);
      const geometry = (event.layer as L.Polygon).toGeoJSON().geometry;
      event.layer.remove();
      if (id && isPaddockGeometry(geometry)) callbacks.current.onPaddockGeometryChange(id, geometry);
    };
    map.on('pm:create', created);
    map.on('pm:cut', cut);
    return () => {
      map.off('pm:create', created);
      map.off('pm:cut', cut);
      map.pm.removeControls();
    };
  }, [map, callbacks]);

  useEffect(() => {
    const seen = new Set<string>();
    for (const paddock of paddocks) {
      const geometry = paddock.isGroup ? null : sectionGeometry(paddock);
      if (!geometry) continue;
      seen.add(paddock.id);
      const key = JSON.stringify(geometry.coordinates);
      let entry = entries.current.get(paddock.id);
      if (entry && entry.key !== key) {
        entry.layer.remove();
        entry = undefined;
      }
      if (!entry) {
        const layer = L.geoJSON({ type: 'Feature', properties: {}, geometry } as GeoJSON.Feature).getLayers()[0] as L.Polygon;
        (layer as L.Polygon & { paddockId?: string }).paddockId = paddock.id;
        layer.on('pm:edit', () => {
          const edited = layer.toGeoJSON().geometry;
          if (!isPaddockGeometry(edited)) return;
          const current = entries.current.get(paddock.id);
          if (current) current.key = JSON.stringify(edited.coordinates);
          callbacks.current.onPaddockGeometryChange(paddock.id, edited);
        });
        layer.on('pm:remove', () => {
          entries.current.delete(paddock.id);
          callbacks.current.onPaddockDelete(paddock.id);
        });
        layer.on('click', () => callbacks.current.onPaddockSelect?.(paddock.id));
        layer.addTo(map);
        entry = { layer, key };
        entries.current.set(paddock.id, entry);
      }
      const selected = paddock.id === selectedPaddockId;
      entry.layer.setStyle({
        color: paddock.isExcluded ? '#6b6b6b' : selected ? '#e8b43a' : '#1f4d2b',
        weight: selected ? 4 : 2,
        fillColor: paddock.isExcluded ? '#9a9a9a' : '#2f7d44',
        fillOpacity: paddock.isExcluded ? 0.15 : 0.3,
        dashArray: paddock.isExcluded ? '6 6' : undefined,
      });
      const label = `${paddock.name || 'Paddock'} · ${formatHectares(effectiveArea(paddock))}${paddock.isExcluded ? ' (excluded)' : ''}`;
      setTextTooltip(entry.layer, [label], { permanent: true, direction: 'center', className: styles.paddockLabel ?? '' });
    }
    for (const [id, entry] of entries.current) {
      if (!seen.has(id)) {
        entry.layer.remove();
        entries.current.delete(id);
      }
    }
    // Open on the paddocks the first time there are any.
    if (!fitted.current && entries.current.size > 0) {
      fitted.current = true;
      const bounds = L.featureGroup([...entries.current.values()].map((item) => item.layer)).getBounds();
      if (farmLocation) bounds.extend([farmLocation.lat, farmLocation.lng]);
      // The left padding clears the zoom and drawing toolbars; the top leaves room for the marker's pin.
      if (bounds.isValid()) map.fitBounds(bounds, FIT_PADDING);
    }
  }, [map, paddocks, selectedPaddockId, farmLocation, callbacks]);

  useEffect(() => {
    const current = entries.current;
    return () => {
      for (const entry of current.values()) entry.layer.remove();
      current.clear();
    };
  }, []);

  return null;
}

function idOfLayer(layer: L.Layer): string | undefined {
  return (layer as L.Layer & { paddockId?: string }).paddockId;
}

/** The padding that keeps fitted paddocks clear of the zoom and drawing toolbars (left) and the marker's pin (top). */
const FIT_PADDING = { paddingTopLeft: [64, 56] as L.PointTuple, paddingBottomRight: [24, 24] as L.PointTuple, maxZoom: 16 };

function FocusOn({ focus, zoom }: { focus?: MapFocus; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    if (focus?.bounds) map.fitBounds(focus.bounds, FIT_PADDING);
    else if (focus) map.setView([focus.lat, focus.lng], focus.zoom ?? zoom);
  }, [map, focus, zoom]);
  return null;
}

/** Below this zoom the paddocks' names would sit on top of each other: they show on hover instead. */
const LABELS_FROM_ZOOM = 13;

function LabelsFollowZoom() {
  const map = useMap();
  useEffect(() => {
    const follow = () => map.getContainer().classList.toggle(styles.labelsHidden ?? '', map.getZoom() < LABELS_FROM_ZOOM);
    follow();
    map.on('zoomend', follow);
    return () => {
      map.off('zoomend', follow);
    };
  }, [map]);
  return null;
}

function FarmMarker({ location, onMove }: { location: FarmLocation; onMove?: (location: { lat: number; lng: number }) => void }) {
  const handlers = useMemo(
    () => ({
      dragend: (event: L.LeafletEvent) => {
        const { lat, lng } = (event.target as L.Marker).getLatLng();
        onMove?.({ lat, lng });
      },
    }),
    [onMove],
  );
  return (
    <Marker
      position={[location.lat, location.lng]}
      icon={farmIcon}
      draggable={Boolean(onMove)}
      eventHandlers={handlers}
      title={onMove ? 'Farm location (drag to move)' : 'Farm location'}
      alt="Farm location"
      keyboard={Boolean(onMove)}
    />
  );
}

export function FarmMap(props: FarmMapProps) {
  const config = useMemo(() => props.config ?? readMapConfig(), [props.config]);
  const [map, setMap] = useState<L.Map | null>(null);
  const callbacks = useRef<Callbacks>(props);
  useEffect(() => {
    callbacks.current = props;
  });

  const start = props.farmLocation ?? config.defaultCenter;
  const { noTiles, tileHandlers } = useTileStatus(config);

  return (
    <div className={styles.frame} data-testid="farm-map" data-tiles={noTiles ? 'none' : 'ok'}>
      <MapContainer
        center={[start.lat, start.lng]}
        zoom={props.farmLocation ? config.farmZoom : config.defaultZoom}
        className={styles.map}
        style={props.height ? { height: props.height } : undefined}
        scrollWheelZoom
        ref={setMap}
        aria-label="Farm map: draw your paddocks"
      >
        <GridBackground />
        <BaseLayers config={config} tileHandlers={tileHandlers} />
        <PaddockLayers paddocks={props.paddocks} selectedPaddockId={props.selectedPaddockId} farmLocation={props.farmLocation} callbacks={callbacks} />
        {/* After the paddocks, so a place chosen or a file just imported wins over their first fit. */}
        <FocusOn focus={props.focus} zoom={config.farmZoom} />
        <LabelsFollowZoom />
        {props.farmLocation && <FarmMarker location={props.farmLocation} onMove={props.onFarmLocationChange} />}
        {noTiles && (
          <NoImageryNote>
            {props.onFarmLocationChange ? 'You can still find your farm, draw paddocks on the grid and type their areas.' : 'You can still draw paddocks on the grid and type their areas.'}
          </NoImageryNote>
        )}
      </MapContainer>
      {props.onFarmLocationChange && (
        <div className={styles.mapBar}>
          <button
            type="button"
            className={styles.mapButton}
            disabled={!map}
            onClick={() => {
              // The keyboard way to set the farm location: pan the map with the arrow keys, then this.
              const centre = map?.getCenter();
              if (centre) props.onFarmLocationChange?.({ lat: centre.lat, lng: centre.lng });
            }}
          >
            {props.farmLocation ? 'Move farm marker to map centre' : 'Put farm marker at map centre'}
          </button>
        </div>
      )}
    </div>
  );
}
