/**
 * 'Import boundaries': picks a KML, KMZ, GeoJSON or zipped shapefile and hands the polygons found
 * to the parent. The import code (and jszip, togeojson, shpjs) loads only when a file is chosen.
 */
import { useId, useRef, useState } from 'react';
import type { BoundaryImportResult } from '../../lib/boundary-import/import-boundaries';
import styles from './farm-mapping.module.css';

export interface BoundaryImportButtonProps {
  onImported: (result: BoundaryImportResult, fileName: string) => void;
}

const ACCEPT = '.kml,.kmz,.geojson,.json,.zip';

export function BoundaryImportButton({ onImported }: BoundaryImportButtonProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const readFile = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const { importBoundaries } = await import('../../lib/boundary-import/import-boundaries');
      const result = await importBoundaries({ name: file.name, data: await file.arrayBuffer() });
      onImported(result, file.name);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The file could not be read.');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
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
        KML or KMZ (Google Earth), GeoJSON, or a shapefile zipped with its .dbf, .shx and .prj.
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
