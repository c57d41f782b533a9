/**
 * Leaflet with leaflet-geoman's drawing tools, for the maps people draw on (the farm map, the risk
 * map). Geoman's bundle extends the global `L` as it runs, so it must run after leaflet-setup.ts has
 * set it. A static import beside leaflet-setup does not ensure that once the bundler splits them into
 * different chunks (Rolldown ran geoman first, and the farm map crashed with "L is not defined"), so
 * it is loaded here, in order, before any map that needs it is drawn.
 */
import L from './leaflet-setup';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';

await import('@geoman-io/leaflet-geoman-free');

export default L;
