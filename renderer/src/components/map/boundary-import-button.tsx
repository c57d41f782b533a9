/**
 * 'Import boundaries': picks a KML, KMZ, GeoJSON or zipped shapefile, shows the areas found in a
 * preview to confirm, and hands the confirmed ones to the parent. The import code (and jszip,
 * togeojson, shpjs, proj4) loads only when a file is chosen.
 */
import { useId, useRef, useState } from 'react';
import type { FarmLocation } from '@shared/contracts/quote';
import type { BoundaryImportResult, ImportedBoundary } from '../../lib/boundary-import/import-boundaries';
import { BoundaryImportPreview } from './boundary-import-preview';
import styles from './farm-mapping.module.css';

export interface BoundaryImportButtonProps {
  onImported: (boundaries: ImportedBoundary[], fileName: string) => void;
  /** The farm pin, for the preview to point out shapes far from it. */
  farmLocation?: FarmLocation | undefined;
}

const ACCEPT = '.kml,.kmz,.geojson,.json,.zip';

export function BoundaryImportButton({ onImported, farmLocation }: BoundaryImportButtonProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ fileName: string; result: BoundaryImportResult } | null>(null);

  const readFile = async (file: File) => {
    setBusy(true);
    setError(null);
    // Closing the open preview first gives the next file a fresh one (ticks, focus), even under the same name.
    setPending(null);
    try {
      const { importBoundaries } = await import('../../lib/boundary-import/import-boundaries');
      setPending({ fileName: file.name, result: await importBoundaries({ name: file.name, data: await file.arrayBuffer() }) });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The file could not be read.');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const close = () => {
    setPending(null);
    input.current?.focus();
  };

  return (
    <div className={styles.importBox}>
      <label htmlFor={`${id}-file`} className={styles.secondaryButton} aria-disabled={busy || undefined}>
        {busy ? 'Reading file…' : 'Import boundaries'}
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={ACCEPT}
        className={styles.fileInput}
        aria-describedby={`${id}-hint`}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void readFile(file);
        }}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        KML or KMZ (Google Earth), GeoJSON, or a shapefile zipped with its .dbf, .shx and .prj. You will see the areas found before they are added.
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {pending && (
        <BoundaryImportPreview
          fileName={pending.fileName}
          result={pending.result}
          farmLocation={farmLocation}
          onCancel={close}
          onConfirm={(boundaries) => {
            onImported(boundaries, pending.fileName);
            close();
          }}
        />
      )}
    </div>
  );
}
