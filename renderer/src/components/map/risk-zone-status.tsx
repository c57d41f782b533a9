/**
 * Shows the grower the risk zone of their farm location (GET /api/agriculture-zones/lookup),
 * looking it up again whenever the marker comes to rest somewhere new.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { useSettledValue } from '../../lib/use-settled-value';
import { agricultureZoneQueryOptions, type MapZone } from './risk-zone-api';
import styles from './farm-mapping.module.css';

export interface RiskZoneStatusProps {
  location?: { lat: number; lng: number } | undefined;
  /** The zone code already known (farmData.zone). */
  zoneCode?: string | undefined;
  /** Called with the zone found, or undefined when the point is in no zone. */
  onZone: (zone: MapZone | undefined) => void;
  /** The farm has paddocks, whose estimate cannot be worked out without the zone. */
  needed?: boolean;
}

/** A marker being dragged is looked up once it rests this long, not at every step. */
const LOOKUP_PAUSE_MS = 250;

/** The server's 404: the point lies outside every zone, which asking again will not change. */
const isOutsideEveryZone = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

export function RiskZoneStatus({ location, zoneCode, onZone, needed = false }: RiskZoneStatusProps) {
  const wanted = location === undefined ? null : `${location.lat},${location.lng}`;
  const settled = useSettledValue(wanted, LOOKUP_PAUSE_MS);
  const resting = settled === wanted && location !== undefined;
  const zone = useQuery({ ...agricultureZoneQueryOptions(location?.lat ?? 0, location?.lng ?? 0), enabled: resting });

  const reportZone = useEffectEvent(onZone);
  useEffect(() => {
    if (!resting) return;
    if (zone.data !== undefined) reportZone(zone.data);
    else if (isOutsideEveryZone(zone.error)) reportZone(undefined);
  }, [resting, zone.data, zone.error]);

  if (location === undefined) {
    return (
      <p className={needed ? `${styles.zone} ${styles.zoneProblem}` : styles.zone} data-testid="risk-zone" aria-live="polite">
        Set your farm location to see your risk zone.
        {needed && ' Your estimate needs it: find your farm above, or move the map to it and use Put farm marker at map centre.'}
      </p>
    );
  }
  if (!resting || (zone.isFetching && zone.data === undefined) || zone.isPending) {
    return (
      <p className={styles.zone} data-testid="risk-zone" aria-live="polite">
        Looking up your risk zone…
      </p>
    );
  }
  if (zone.data !== undefined) {
    return (
      <p className={`${styles.zone} ${styles.zoneFound}`} data-testid="risk-zone" aria-live="polite">
        Your risk zone: <strong>{zone.data.name}</strong> ({zone.data.code}){zone.data.riskLevel ? `, ${zone.data.riskLevel} risk` : ''}
      </p>
    );
  }
  const outside = isOutsideEveryZone(zone.error);
  return (
    <div className={`${styles.zone} ${styles.zoneProblem}`} data-testid="risk-zone" role="alert">
      <p>{zone.error instanceof Error ? zone.error.message : 'The risk zone could not be looked up.'}</p>
      {zoneCode && !outside && <p>Your risk zone so far: {zoneCode}.</p>}
      {!outside && (
        <button type="button" className={styles.linkButton} onClick={() => void zone.refetch()}>
          Try again
        </button>
      )}
    </div>
  );
}
