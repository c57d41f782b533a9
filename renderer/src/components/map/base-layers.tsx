import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { LayersControl, TileLayer, useMap } from 'react-leaflet';
import type { MapConfig } from './map-config';
import { attributionHtml } from './map-text';
import mapStyles from './farm-map.module.css';

/**
 * Whether a map has imagery to show: none when no tile source is configured or once a tile has
 * failed to load (offline, or a provider refusing), so the map can say it draws on the grid.
 */
export function useTileStatus(config: MapConfig) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const tileHandlers = useMemo(() => ({ tileerror: () => setTilesFailed(true) }), []);
  return { noTiles: config.tileSources.length === 0 || tilesFailed, tileHandlers };
}

/** The configured imagery as base layers to switch between, the first shown; nothing when none is configured. */
export function BaseLayers({ config, tileHandlers }: { config: MapConfig; tileHandlers: ReturnType<typeof useTileStatus>['tileHandlers'] }) {
  if (config.tileSources.length === 0) return null;
  return (
    <LayersControl position="topright">
      {config.tileSources.map((source, index) => (
        <LayersControl.BaseLayer key={source.id} name={source.label} checked={index === 0}>
          <TileLayer
            url={source.url}
            attribution={attributionHtml(source.attribution, source.attributionUrl)}
            maxZoom={source.maxZoom}
            maxNativeZoom={Math.min(source.maxZoom, 19)}
            eventHandlers={tileHandlers}
          />
        </LayersControl.BaseLayer>
      ))}
    </LayersControl>
  );
}

/** A read-only map's one layer of imagery: the satellite source when configured, else the first. */
export function PreferredImagery({ config, tileHandlers }: { config: MapConfig; tileHandlers: ReturnType<typeof useTileStatus>['tileHandlers'] }) {
  const source = config.tileSources.find((candidate) => candidate.id === 'satellite') ?? config.tileSources[0];
  if (!source) return null;
  return <TileLayer url={source.url} attribution={attributionHtml(source.attribution, source.attributionUrl)} maxZoom={source.maxZoom} eventHandlers={tileHandlers} />;
}

/**
 * Said over a map with no imagery: what the map still shows. Drawn inside the map (a child of its
 * MapContainer), over its foot rather than under it: the tiles fail after the page is drawn, and a
 * note that pushed the page down would move the buttons below under a pointer already on its way.
 * The pointer passes through it to the map.
 */
export function NoImageryNote({ children }: { children: string }) {
  const map = useMap();
  return createPortal(
    <p className={mapStyles.offlineNote} role="status">
      Map images are not available right now. {children}
    </p>,
    map.getContainer(),
  );
}
