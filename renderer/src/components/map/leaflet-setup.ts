/**
 * Leaflet for the map components, with its CSS, made global first: leaflet-geoman's bundle extends
 * the global `L` (leaflet-draw.ts loads it after this module). Every map of the app loads Leaflet
 * through here, so the one correction below holds for all of them.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

declare global {
  interface Window {
    L?: typeof L;
  }
}

window.L = L;

/**
 * A map taken away in the middle of a zoom (a person zooms, or a map fits its paddocks, and moves to
 * another page within the animation's quarter second) threw "Cannot read properties of undefined
 * (reading '_leaflet_pos')": Leaflet 1.9's remove() stops a pan animation but not a zoom, whose
 * timer then moves the map's panes after they are gone (Leaflet issue #9575, still open in 1.9.4).
 * Ending the zoom before removing makes that timer find nothing to finish.
 */
type ZoomingMap = L.Map & { _animatingZoom?: boolean };
const removeMap = L.Map.prototype.remove;
L.Map.include({
  remove(this: ZoomingMap) {
    this._animatingZoom = false;
    return removeMap.call(this);
  },
});

export default L;
