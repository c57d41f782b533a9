/**
 * Shows the grower the risk zone of their farm location (GET /api/agriculture-zones/lookup),
 * looking it up again whenever the marker moves.
 */
import { useEffect, useRef, useState } from 'react';
import { lookupAgricultureZone, type MapZone } from './risk-zone-api';
import styles from './farm-mapping.module.css';

export interface RiskZoneStatusProps {
  location?: { lat: number; lng: number };
  /** The zone code already known (farmData.zone). */
  zoneCode?: string;
  /** Called with the zone found, or undefined when the point is in no zone. */
  onZone: (zone: MapZone | undefined) => void;
  /** Replaceable for tests and stories. */
  lookup?: (lat: number, lng: number) => Promise<MapZone>;
}

type State = { status: 'idle' } | { status: 'loading' } | { status: 'found'; zone: MapZone } | { status: 'error'; message: string; outside: boolean };

export function RiskZoneStatus({ location, zoneCode, onZone, lookup = lookupAgricultureZone }: RiskZoneStatusProps) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  // The callbacks change on every render; the lookup follows the location only.
  const callbacks = useRef({ onZone, lookup });
  useEffect(() => {
    callbacks.current = { onZone, lookup };
  });
  const lat = location?.lat;
  const lng = location?.lng;

  useEffect(() => {
    if (lat === undefined || lng === undefined) {
      setState({ status: 'idle' });
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    const timer = window.setTimeout(() => {
      callbacks.current
        .lookup(lat, lng)
        .then((zone) => {
          if (cancelled) return;
          setState({ status: 'found', zone });
          callbacks.current.onZone(zone);
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          const status = (error as { status?: number }).status;
          const message = error instanceof Error ? error.message : 'The risk zone could not be looked up.';
          setState({ status: 'error', message, outside: status === 404 });
          if (status === 404) callbacks.current.onZone(undefined);
        });
    }, 250);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [lat, lng, attempt]);

  if (state.status === 'idle') {
    return (
      <p className={styles.zone} data-testid="risk-zone" aria-live="polite">
        Set your farm location to see your risk zone.
      </p>
    );
  }
  if (state.status === 'loading') {
    return (
      <p className={styles.zone} data-testid="risk-zone" aria-live="polite">
        Looking up your risk zone…
      </p>
    );
  }
  if (state.status === 'found') {
    return (
      <p className={`${styles.zone} ${styles.zoneFound}`} data-testid="risk-zone" aria-live="polite">
        Your risk zone: <strong>{state.zone.name}</strong> ({state.zone.code}){state.zone.riskLevel ? `, ${state.zone.riskLevel} risk` : ''}
      </p>
    );
  }
  return (
    <div className={`${styles.zone} ${styles.zoneProblem}`} data-testid="risk-zone" role="alert">
      <p>{state.message}</p>
      {zoneCode && !state.outside && <p>Your risk zone so far: {zoneCode}.</p>}
      {!state.outside && (
        <button type="button" className={styles.linkButton} onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      )}
    </div>
  );
}
