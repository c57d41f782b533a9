/**
 * The shapes a boundary file holds, to check before they become paddocks (as farmOS asks): each
 * with a small outline, its name and its area, ticked by default; what was left out and why; then
 * 'Add N paddocks' or 'Cancel'. Names come from the file and are shown as text.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FarmLocation } from '@shared/contracts/quote';
import { boundariesFarFromPinMessage } from '@shared/domain/geo/paddock-zones';
import { formatHectares, plural } from '@shared/format';
import type { BoundaryImportResult, ImportedBoundary } from '../../lib/boundary-import/import-boundaries';
import { outlinePath } from './outline-path';
import styles from './farm-mapping.module.css';

export interface BoundaryImportPreviewProps {
  fileName: string;
  result: BoundaryImportResult;
  /** The farm pin, so shapes far from it are pointed out before they are added. */
  farmLocation?: FarmLocation | undefined;
  onConfirm: (boundaries: ImportedBoundary[]) => void;
  onCancel: () => void;
}

const PREVIEW_SIZE = 56;

export function BoundaryImportPreview({ fileName, result, farmLocation, onConfirm, onCancel }: BoundaryImportPreviewProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<boolean[]>(() => result.boundaries.map(() => true));
  const count = chosen.filter(Boolean).length;
  const total = result.boundaries.length;

  // The preview appears in place of nothing; taking focus tells keyboard and screen-reader users it is there.
  useEffect(() => heading.current?.focus(), []);

  const setAll = (value: boolean) => setChosen(result.boundaries.map(() => value));
  const farAway = useMemo(
    () =>
      boundariesFarFromPinMessage(
        farmLocation,
        result.boundaries.map((boundary) => boundary.geometry),
      ),
    [farmLocation, result.boundaries],
  );

  return (
    <section className={styles.preview} aria-labelledby={`${id}-heading`} data-testid="boundary-preview">
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1} className={styles.subheading}>
        Check the shapes in {fileName}
      </h3>
      <p className={styles.hint}>{total === 1 ? '1 area was found.' : `${total} areas were found.`} Untick any that should not become a paddock; you can rename them and change their areas after adding them.</p>
      <fieldset className={styles.previewFieldset}>
        <legend className={styles.srOnly}>Shapes to add as paddocks</legend>
        {total > 1 && (
          <div className={styles.previewTools}>
            <button type="button" className={styles.textButton} onClick={() => setAll(true)}>
              Tick all
            </button>
            <button type="button" className={styles.textButton} onClick={() => setAll(false)}>
              Untick all
            </button>
          </div>
        )}
        <ul className={styles.previewGrid}>
          {result.boundaries.map((boundary, index) => (
            <li key={index}>
              <label className={styles.previewItem} data-testid="boundary-preview-item">
                <input type="checkbox" checked={chosen[index] ?? false} onChange={(event) => setChosen((before) => before.map((value, at) => (at === index ? event.target.checked : value)))} />
                <svg className={styles.previewShape} viewBox={`0 0 ${PREVIEW_SIZE} ${PREVIEW_SIZE}`} width={PREVIEW_SIZE} height={PREVIEW_SIZE} aria-hidden="true" focusable="false">
                  <path d={outlinePath(boundary.geometry, PREVIEW_SIZE)} fillRule="evenodd" />
                </svg>
                <span className={styles.previewText}>
                  <span className={boundary.name ? styles.previewName : styles.previewUnnamed}>{boundary.name || `Shape ${index + 1}, no name in the file`}</span>
                  <span className={styles.area}>{formatHectares(boundary.areaHectares)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {farAway && (
        <p className={styles.warning} role="alert" data-testid="boundary-preview-far">
          {farAway}
        </p>
      )}
      {(result.skipped.length > 0 || result.warnings.length > 0) && (
        <div className={styles.note} data-testid="boundary-preview-skipped">
          <p>{result.skipped.length > 0 ? 'Left out of the file:' : 'Note:'}</p>
          <ul>
            {result.skipped.map((entry) => (
              <li key={entry.reason}>{entry.reason}</li>
            ))}
            {result.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.previewActions}>
        <button type="button" className={styles.primaryButton} disabled={count === 0} onClick={() => onConfirm(result.boundaries.filter((_, index) => chosen[index]))}>
          Add {plural(count, 'paddock')}
        </button>
        <button type="button" className={styles.secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
