/**
 * Your Farm's boundaries on a map that edits them: the quote's farm map (leaflet-geoman), loaded
 * only when the grower opens it, and its boundary file import. It reports shapes drawn, imported,
 * redrawn and deleted; the page keeps them in its form, saved with the table by 'Save paddocks'.
 */
import { lazy, useState } from 'react';
import { plural } from '@shared/format';
import type { FarmLocation } from '@shared/contracts/quote';
import type { PaddockGeometry } from '@shared/domain/geo/geometry';
import { BoundaryImportButton } from '../../components/map/boundary-import-button';
import { LoadedOnDemand } from '../../components/ui/error-boundaries';
import type { MapPaddockSection } from '../../components/map/farm-map';
import { focusOnShapes, type MapFocus } from '../../components/map/map-focus';
import { MemberLink } from './member-scope';
import styles from './dashboard.module.css';

const FarmMap = lazy(async () => ({ default: (await import('../../components/map/farm-map')).FarmMap }));

export interface FarmBoundariesEditorProps {
  paddocks: readonly MapPaddockSection[];
  farmLocation?: FarmLocation;
  /** Shapes drawn (one) or imported from a file (with the names it gives them). */
  onAdded: (shapes: ReadonlyArray<{ name?: string; geometry: PaddockGeometry }>) => void;
  onRedrawn: (id: string, geometry: PaddockGeometry) => void;
  onDeleted: (id: string) => void;
  onDone: () => void;
}

export function FarmBoundariesEditor({ paddocks, farmLocation, onAdded, onRedrawn, onDeleted, onDone }: FarmBoundariesEditorProps) {
  const [focus, setFocus] = useState<MapFocus | undefined>();
  const [importNote, setImportNote] = useState<string | null>(null);
  return (
    <section className={styles.card} aria-labelledby="farm-boundaries">
      <h2 id="farm-boundaries">Boundaries</h2>
      <p>
        Draw a paddock with the polygon or rectangle tool at the top left of the map (click each corner, then the first again), or import a boundary file under the map. The map’s other tools move corners, cut
        out a dam or bush block, and delete a boundary. A paddock drawn or imported joins the table below with the area it measures; a boundary redrawn sets its paddock’s area; a boundary deleted leaves its
        paddock in the table.
      </p>
      <p className={`${styles.notice} ${styles.noticeWarning}`}>
        These boundaries are your farm for next season’s quote. Protection applied for or in place keeps the boundaries it was accepted with: to change those, ask us through{' '}
        <MemberLink to="/dashboard/help">Help</MemberLink>.
      </p>
      <LoadedOnDemand
        loading={
          <p className={styles.muted} role="status">
            Loading the map…
          </p>
        }
      >
        <FarmMap paddocks={paddocks} farmLocation={farmLocation} focus={focus} onPaddockDrawn={(geometry) => onAdded([{ geometry }])} onPaddockGeometryChange={onRedrawn} onPaddockDelete={onDeleted} />
      </LoadedOnDemand>
      <BoundaryImportButton
        farmLocation={farmLocation}
        onImported={(boundaries, fileName) => {
          onAdded(boundaries);
          setFocus(focusOnShapes(boundaries.map((boundary) => boundary.geometry)));
          setImportNote(`Imported ${plural(boundaries.length, 'paddock')} from ${fileName}: they are in the table below.`);
        }}
      />
      {importNote && (
        <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
          {importNote}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="button" onClick={onDone}>
          Done with the map
        </button>
      </div>
    </section>
  );
}
