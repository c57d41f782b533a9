/**
 * A map as the product draws them: its frame, the base tiles when there are any, the plain grid
 * under everything (docs/mapping.md) and, when the tiles cannot be had, a note saying what is still
 * drawn. The layers are the children, drawn inside the map.
 */
import { type ReactNode, useMemo } from 'react';
import { MapContainer } from 'react-leaflet';
import { BaseLayers, NoImageryNote, useTileStatus } from './base-layers';
import { GridBackground } from './grid-background';
import { readMapConfig } from './map-config';
import mapStyles from './farm-map.module.css';

export interface MapFrameProps {
  testId: string;
  /** The map's accessible name (what it shows, or what to draw on it). */
  label: string;
  /** Added to the map's own class: its height. */
  mapClassName: string;
  /** Said when the tiles are unavailable: what the grid still shows. */
  offlineNote: string;
  scrollWheelZoom?: boolean;
  children: ReactNode;
}

export function MapFrame({ testId, label, mapClassName, offlineNote, scrollWheelZoom = true, children }: MapFrameProps) {
  const config = useMemo(() => readMapConfig(), []);
  const { noTiles, tileHandlers } = useTileStatus(config);
  return (
    <div className={mapStyles.frame} data-testid={testId} data-tiles={noTiles ? 'none' : 'ok'}>
      <MapContainer center={[config.defaultCenter.lat, config.defaultCenter.lng]} zoom={config.defaultZoom} className={`${mapStyles.map} ${mapClassName}`} scrollWheelZoom={scrollWheelZoom} aria-label={label}>
        <BaseLayers config={config} tileHandlers={tileHandlers} />
        <GridBackground />
        {children}
        {noTiles && <NoImageryNote>{offlineNote}</NoImageryNote>}
      </MapContainer>
    </div>
  );
}
