/**
 * A read-only map of a farm's paddocks for the dashboard (the editable map of the quote is
 * components/map/farm-map.tsx). Paddocks are coloured by their state; when `onToggle` is given a
 * click picks or unpicks a paddock (claims). Paddocks without a boundary are listed beside the map
 * by the page, not drawn. Tiles come from the same configuration as the quote's map.
 *
 * This frame and its key carry no Leaflet: the map itself (paddock-map-canvas.tsx) loads when the
 * page shows it, and a box of its size holds its place so the checkboxes and tables below do not move.
 */
import { lazy } from 'react';
import { PADDOCK_COVER_LABELS } from '@shared/domain/protection/lifecycle';
import { isPaddockGeometry } from '@shared/paddock-geometry';
import { LoadedOnDemand } from '../../components/ui/error-boundaries';
import styles from './paddock-map.module.css';

const PaddockMapCanvas = lazy(() => import('./paddock-map-canvas'));

export interface MapPaddock {
  id: string;
  name: string;
  geometry: unknown;
  /** Shown in the tooltip under the name. */
  detail?: string;
  tone: 'protected' | 'pending' | 'unprotected' | 'selected';
}

export interface PaddockMapProps {
  paddocks: readonly MapPaddock[];
  onToggle?: (id: string) => void;
  label: string;
}

export const PADDOCK_TONE_COLOURS: Record<MapPaddock['tone'], { stroke: string; fill: string }> = {
  protected: { stroke: '#1d6b34', fill: '#3d9a57' },
  pending: { stroke: '#8a5a00', fill: '#e8b43a' },
  unprotected: { stroke: '#4a5450', fill: '#b9bdb5' },
  selected: { stroke: '#a4161a', fill: '#e0585c' },
};

export function hasMappedPaddocks(paddocks: readonly { geometry?: unknown }[]): boolean {
  return paddocks.some((p) => isPaddockGeometry(p.geometry));
}

export default function PaddockMap({ paddocks, onToggle, label }: PaddockMapProps) {
  const key: { tone: MapPaddock['tone']; label: string }[] = [
    { tone: 'protected', label: PADDOCK_COVER_LABELS.protected },
    { tone: 'pending', label: PADDOCK_COVER_LABELS.pending },
    { tone: 'unprotected', label: PADDOCK_COVER_LABELS.unprotected },
    ...(onToggle ? [{ tone: 'selected' as const, label: 'Picked for this claim' }] : []),
  ];
  return (
    <div className={styles.frame} role="region" aria-label={label}>
      <LoadedOnDemand
        loading={
          <p className={`${styles.map} ${styles.loading}`} role="status">
            Loading the map…
          </p>
        }
      >
        <PaddockMapCanvas paddocks={paddocks} onToggle={onToggle} />
      </LoadedOnDemand>
      <ul className={styles.legend} aria-label="Map key">
        {key.map((entry) => (
          <li key={entry.tone}>
            <span className={styles.swatch} style={{ background: PADDOCK_TONE_COLOURS[entry.tone].fill }} /> {entry.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
