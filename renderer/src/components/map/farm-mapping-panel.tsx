/**
 * Everything the farm-mapping step shows, in one controlled component: find the farm, see its
 * risk zone, draw / import / type paddocks, name them, override areas, group and exclude them.
 * It edits the docs/behaviour.md §3 farmData fields farmLocation, address, paddockSections, hectares and zone,
 * and reports each change as a patch of those fields.
 */
import { useCallback, useMemo, useState } from 'react';
import type { FarmLocation, PaddockSection } from '@shared/contracts/quote';
import { polygonToPaddockSection, sectionGeometry, type PaddockGeometry } from '@shared/domain/geo/geometry';
import { pinFarFromPaddocksProblem } from '@shared/domain/geo/paddock-zones';
import {
  addDrawnPaddock,
  addGroup,
  addTypedPaddock,
  assignGroup,
  nextPaddockName,
  paddockOverlaps,
  refreshGroupAreas,
  removePaddock,
  renamePaddock,
  setExcluded,
  setUserDefinedArea,
  totalHectares,
  updatePaddockGeometry,
} from '@shared/domain/geo/paddocks';
import type { ImportedBoundary } from '../../lib/boundary-import/import-boundaries';
import { AddPaddockForm } from './add-paddock-form';
import { BoundaryImportButton } from './boundary-import-button';
import { FarmMap } from './farm-map';
import { focusOnShapes, type MapFocus } from './map-focus';
import { LocalitySearch, type FoundPlace } from './locality-search';
import { readMapConfig, type MapConfig } from './map-config';
import { PaddockList } from './paddock-list';
import type { MapZone } from './risk-zone-api';
import { RiskZoneStatus } from './risk-zone-status';
import styles from './farm-mapping.module.css';
import { formatCoordinates, plural } from '@shared/format';

export interface FarmMappingValue {
  farmLocation?: FarmLocation;
  address: string;
  paddockSections: PaddockSection[];
  /** Farm total: included paddocks' areas (the grower's area first). */
  hectares?: number;
  /** The risk zone code from the farm location. */
  zone?: string;
}

export interface FarmMappingPanelProps {
  value: FarmMappingValue;
  onChange: (changes: Partial<FarmMappingValue>) => void;
  config?: MapConfig;
  /** Makes paddock and group ids; default crypto.randomUUID. */
  newId?: () => string;
}

function defaultId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `paddock-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function FarmMappingPanel({ value, onChange, config: givenConfig, newId = defaultId }: FarmMappingPanelProps) {
  const config = useMemo(() => givenConfig ?? readMapConfig(), [givenConfig]);
  const sections = value.paddockSections;
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [focus, setFocus] = useState<MapFocus | undefined>();
  const [riskLevel, setRiskLevel] = useState<string | undefined>();
  const [importNote, setImportNote] = useState<string | null>(null);
  // Where the farm is was asked on get-started: once it is on the map it shows as a line, changed on request.
  const [changingPlace, setChangingPlace] = useState(false);

  const overlaps = useMemo(() => paddockOverlaps(sections), [sections]);

  const commit = useCallback(
    (next: PaddockSection[]) => {
      const withZone = riskLevel ? next.map((section) => (section.riskZone === riskLevel ? section : { ...section, riskZone: riskLevel })) : next;
      onChange({ paddockSections: withZone, hectares: totalHectares(withZone) });
    },
    [onChange, riskLevel],
  );

  const setLocation = useCallback(
    (location: { lat: number; lng: number; label?: string }) => {
      const farmLocation: FarmLocation = { lat: Math.round(location.lat * 1e6) / 1e6, lng: Math.round(location.lng * 1e6) / 1e6, ...(location.label ? { label: location.label } : {}) };
      onChange({ farmLocation });
    },
    [onChange],
  );

  const onPlace = (place: FoundPlace) => {
    setLocation(place);
    // The place chosen is the farm's address unless the grower gave a fuller one (a lot number, a road).
    const address = value.address.trim();
    if (!address || address === value.farmLocation?.label || address.toLowerCase() === place.label.split(' WA ')[0]?.toLowerCase()) onChange({ address: place.label });
    setFocus({ lat: place.lat, lng: place.lng, zoom: place.source === 'geocoder' ? 15 : 13, key: Date.now() });
  };

  const onZone = useCallback(
    (zone: MapZone | undefined) => {
      setRiskLevel(zone?.riskLevel);
      const changes: Partial<FarmMappingValue> = {};
      if ((zone?.code ?? undefined) !== value.zone) changes.zone = zone?.code;
      if (zone?.riskLevel && sections.some((section) => section.riskZone !== zone.riskLevel)) {
        changes.paddockSections = sections.map((section) => ({ ...section, riskZone: zone.riskLevel as string }));
      }
      if (Object.keys(changes).length > 0) onChange(changes);
    },
    [onChange, sections, value.zone],
  );

  // The rule pricing applies (shared/domain/geo/paddock-zones.ts), said here as soon as the pin and the paddocks drift apart.
  const pinProblem = useMemo(
    () =>
      value.farmLocation
        ? pinFarFromPaddocksProblem(
            value.farmLocation,
            sections.map((section) => ({ outline: sectionGeometry(section) })),
          )
        : null,
    [value.farmLocation, sections],
  );

  const onImported = (boundaries: ImportedBoundary[], fileName: string) => {
    let next = [...sections];
    for (const boundary of boundaries) {
      const name = boundary.name || nextPaddockName(next);
      next = [...next, polygonToPaddockSection(boundary.geometry, { id: newId(), name })];
    }
    commit(refreshGroupAreas(next));
    const first = boundaries[0];
    if (first) {
      const section = polygonToPaddockSection(first.geometry, { id: 'first' });
      if (section.centroid && !value.farmLocation) setLocation(section.centroid);
      setFocus(focusOnShapes(boundaries.map((boundary) => boundary.geometry)));
    }
    setImportNote(`Imported ${plural(boundaries.length, 'paddock')} from ${fileName}.`);
  };

  return (
    <div className={styles.panel} data-testid="farm-mapping">
      <div className={styles.findRow}>
        {value.farmLocation && !changingPlace ? (
          <p className={styles.farmPlace} data-testid="farm-place">
            <span>
              Your farm: <strong>{value.address || value.farmLocation.label || formatCoordinates(value.farmLocation.lat, value.farmLocation.lng)}</strong>
              {value.farmLocation.label && value.address && value.farmLocation.label !== value.address ? ` (map: ${value.farmLocation.label})` : ''}
            </span>{' '}
            <button type="button" className={styles.textButton} onClick={() => setChangingPlace(true)} aria-label="Change where your farm is">
              Change
            </button>
          </p>
        ) : (
          <>
            <LocalitySearch
              onSelect={(place) => {
                onPlace(place);
                setChangingPlace(false);
              }}
              geocoderUrl={config.geocoderUrl}
              geocoderAttribution={config.geocoderAttribution}
              initialQuery={value.farmLocation ? undefined : value.address}
              openAtStart={false}
            />
            <div className={styles.field}>
              <label htmlFor="farm-address" className={styles.label}>
                Farm address or property name
              </label>
              <input
                id="farm-address"
                className={styles.input}
                defaultValue={value.address}
                key={value.address}
                maxLength={300}
                autoComplete="street-address"
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    event.currentTarget.blur();
                  }
                }}
                onBlur={(event) => {
                  if (event.target.value.trim() !== value.address) onChange({ address: event.target.value.trim() });
                }}
              />
            </div>
          </>
        )}
        <RiskZoneStatus location={value.farmLocation} zoneCode={value.zone} onZone={onZone} needed={sections.length > 0} />
        {pinProblem && (
          <p className={styles.warning} role="alert">
            {pinProblem}
          </p>
        )}
      </div>

      <div className={styles.columns}>
        <div className={styles.mapColumn}>
          <FarmMap
            paddocks={sections}
            farmLocation={value.farmLocation}
            focus={focus}
            selectedPaddockId={selectedId}
            config={config}
            onFarmLocationChange={setLocation}
            onPaddockDrawn={(geometry: PaddockGeometry) => {
              const id = newId();
              const next = addDrawnPaddock(sections, geometry, id);
              commit(next);
              setSelectedId(id);
              // Drawn before the farm was found: the paddock places it, as an imported boundary does, so its risk zone is known.
              const drawn = next.at(-1);
              if (drawn?.centroid && !value.farmLocation) setLocation(drawn.centroid);
            }}
            onPaddockGeometryChange={(id, geometry) => commit(updatePaddockGeometry(sections, id, geometry))}
            onPaddockDelete={(id) => commit(removePaddock(sections, id))}
            onPaddockSelect={setSelectedId}
          />
          <p className={styles.hint}>
            To draw, choose the polygon or rectangle tool at the top left of the map, click each corner of the paddock and click the first corner again to finish. The tools below let you edit corners, cut out a
            dam or bush block, and delete a shape. Drag the house marker to your homestead, or pan the map to it and use the farm marker button under the map.
          </p>
          <BoundaryImportButton onImported={onImported} farmLocation={value.farmLocation} />
          {importNote && (
            <div className={styles.note} role="status">
              <p>{importNote}</p>
            </div>
          )}
        </div>
        <div className={styles.listColumn}>
          <PaddockList
            paddocks={sections}
            overlaps={overlaps}
            selectedPaddockId={selectedId}
            onSelect={setSelectedId}
            onRename={(id, name) => commit(renamePaddock(sections, id, name))}
            onUserAreaChange={(id, hectares) => commit(setUserDefinedArea(sections, id, hectares))}
            onExcludedChange={(id, isExcluded) => commit(setExcluded(sections, id, isExcluded))}
            onGroupChange={(id, groupId) => commit(assignGroup(sections, id, groupId))}
            onAddGroup={(name) => commit(addGroup(sections, { id: newId(), name }))}
            onDelete={(id) => commit(removePaddock(sections, id))}
          />
          <AddPaddockForm suggestedName={nextPaddockName(sections)} onAdd={({ name, hectares }) => commit(addTypedPaddock(sections, { id: newId(), name, hectares }))} />
        </div>
      </div>
    </div>
  );
}
