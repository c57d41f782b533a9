/**
 * The plain grid a map draws under everything, so outlines stay readable without imagery (offline,
 * or the tiles failing); docs/mapping.md. Used by the farm map and the alerts' event map.
 */
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import L from './leaflet-setup';
import styles from './farm-map.module.css';

const GridLayer = L.GridLayer.extend({
  createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.className = styles.gridTile ?? '';
    return tile;
  },
});

export function GridBackground() {
  const map = useMap();
  useEffect(() => {
    const layer = new (GridLayer as new (options: L.GridLayerOptions) => L.GridLayer)({ zIndex: 0, tileSize: 128 });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map]);
  return null;
}
