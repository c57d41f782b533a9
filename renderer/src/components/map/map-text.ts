/**
 * Leaflet writes any string it is given for a tooltip, a popup or an attribution as HTML. Every
 * label the maps show goes through here instead: it is built as elements whose words are text
 * nodes, so a paddock named '<b id="x">Top</b>' shows exactly those characters.
 * eslint.config.js refuses Leaflet's content calls anywhere else in the renderer.
 */
import type L from 'leaflet';

/** A line of a label; `strong` lines are bold (a paddock's name above its details). */
export type LabelLine = string | { text: string; strong: true };

/** A label element: each line a text node (or a <strong> holding one), lines separated by <br>. */
export function mapLabel(...lines: readonly LabelLine[]): HTMLElement {
  const label = document.createElement('span');
  lines.forEach((line, index) => {
    if (index > 0) label.append(document.createElement('br'));
    if (typeof line === 'string') label.append(document.createTextNode(line));
    else label.append(Object.assign(document.createElement('strong'), { textContent: line.text }));
  });
  return label;
}

/** Binds a tooltip built from text lines, or replaces the text of the one already bound. */
export function setTextTooltip(layer: L.Layer, lines: readonly LabelLine[], options?: L.TooltipOptions): void {
  const label = mapLabel(...lines);
  if (layer.getTooltip()) layer.setTooltipContent(label);
  else layer.bindTooltip(label, options);
}

/**
 * A tile source's attribution for Leaflet's attribution control (which only takes an HTML
 * string): the configured words as text, linked when a https URL is configured. The browser
 * serialises the element, so the words are escaped by construction.
 */
export function attributionHtml(text: string, url?: string): string {
  const holder = document.createElement('span');
  if (url && /^https:\/\//i.test(url)) {
    const link = Object.assign(document.createElement('a'), { href: url, textContent: text, rel: 'noopener noreferrer' });
    holder.append(link);
  } else holder.textContent = text;
  return holder.innerHTML;
}
