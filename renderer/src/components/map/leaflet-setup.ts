/**
 * Leaflet for the map components, with its CSS, made global first: leaflet-geoman's bundle extends
 * the global `L` (leaflet-draw.ts loads it after this module).
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

declare global {
  interface Window {
    L?: typeof L;
  }
}

window.L = L;

export default L;
