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

/**
 * Geoman's toolbar buttons are links holding only an icon, with their title ('Draw Polygons') on the
 * box around them, so a screen reader announced an unnamed link and axe failed the page. Each button
 * is named by its title as it is made, whichever map makes it and whenever (geoman makes them again
 * when its language changes).
 */
interface ToolbarButton {
  title?: string;
}
const buttonControl = (L.Control as unknown as { PMButton: { prototype: { _makeButton(button: ToolbarButton): HTMLElement } } }).PMButton.prototype;
const makeButton = buttonControl._makeButton;
buttonControl._makeButton = function (this: unknown, button: ToolbarButton) {
  const container = makeButton.call(this, button);
  const link = container.querySelector('.leaflet-buttons-control-button');
  if (link && button.title) link.setAttribute('aria-label', button.title);
  return container;
};

export default L;
