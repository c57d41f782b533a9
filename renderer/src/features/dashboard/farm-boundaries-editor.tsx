/**
 * Your Farm's boundaries on a map that edits them: the quote's farm map (leaflet-geoman), loaded
 * only when the grower opens it. It reports shapes drawn, redrawn and deleted; the page keeps them
 * in its form, saved with the table by 'Save paddocks'.
 */
import { lazy, Suspense } from 'react';
import type { FarmLocation } from '@shared/contracts/quote';
import type { PaddockGeometry } from '@shared/domain/geo/geometry';
import type { MapPaddockSection } from '../../components/map/farm-map';
import { MemberLink } from './member-scope';
import styles from './dashboard.module.css';

const FarmMap = lazy(async () => ({ default: (await import('../../components/map/farm-map')).FarmMap }));

export interface FarmBoundariesEditorProps {
  paddocks: readonly MapPaddockSection[];
  farmLocation?: FarmLocation;
  onDrawn: (geometry: PaddockGeometry) => void;
  onRedrawn: (id: string, geometry: PaddockGeometry) => void;
  onDeleted: (id: string) => void;
  onDone: () => void;
}

export function FarmBoundariesEditor({ paddocks, farmLocation, onDrawn, onRedrawn, onDeleted, onDone }: FarmBoundariesEditorProps) {
  return (
    <section className={styles.card} aria-labelledby="farm-boundaries">
      <h2 id="farm-boundaries">Boundaries</h2>
      <p>
        Draw a paddock with the polygon or rectangle tool at the top left of the map: click each corner and the first again to finish. The tools below it move corners, cut out a dam or bush block, and delete a
        boundary. A paddock drawn joins the table below with the area it measures, a boundary redrawn sets its paddock’s area, and a boundary deleted leaves its paddock in the table.
      </p>
      <p className={`${styles.notice} ${styles.noticeWarning}`}>
        These boundaries are your farm for next season’s quote. Protection applied for or in place keeps the boundaries it was accepted with: to change those, ask us through{' '}
        <MemberLink to="/dashboard/help">Help</MemberLink>.
      </p>
      <Suspense
        fallback={
          <p className={styles.muted} role="status">
            Loading the map…
          </p>
        }
      >
        <FarmMap paddocks={paddocks} farmLocation={farmLocation} onPaddockDrawn={onDrawn} onPaddockGeometryChange={onRedrawn} onPaddockDelete={onDeleted} />
      </Suspense>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={onDone}>
          Done with the map
        </button>
      </div>
    </section>
  );
}
