/**
 * The lab CSV import for one member: choose the file (and the lab, when the file has no lab column),
 * see the columns matched to the sample's fields with the first rows under them, change any match,
 * see every row's problem, then import every row at once. Each change of the mapping or the lab
 * checks the file again; nothing is written until 'Import'.
 */
import { useId, useState } from 'react';
import { SOIL_IMPORT_FIELDS, type SoilImportField, type SoilImportMapping, type SoilImportPreview } from '@shared/contracts/soil';
import { IMPORT_FIELD_LABELS } from '@shared/domain/soil/csv-mapping';
import { formatNumber } from '@shared/format';
import adminStyles from '../../components/admin/admin.module.css';
import formStyles from '../../components/ui/form/form.module.css';
import { ApiRequestError } from '../../lib/api-client';
import { failureMessage } from '../../lib/react-query';
import { useCommitImport, usePreviewImport } from './api/import-file';
import styles from './admin-soil.module.css';

const NOT_IN_FILE = '';

export function ImportSection({ memberId, memberName }: { memberId: string; memberName: string }) {
  const fileId = useId();
  const labId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [lab, setLab] = useState('');
  const [preview, setPreview] = useState<SoilImportPreview | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const check = usePreviewImport();
  const commit = useCommitImport();

  const read = (mapping?: SoilImportMapping, labName = lab) => {
    if (!file) return;
    setImported(null);
    commit.reset();
    check.mutate({ memberId, file, lab: labName, ...(mapping ? { mapping } : {}) }, { onSuccess: setPreview });
  };

  const remap = (field: SoilImportField, column: string) => {
    if (!preview) return;
    const mapping = { ...preview.mapping, [field]: column === NOT_IN_FILE ? null : Number(column) };
    setPreview({ ...preview, mapping });
    read(mapping);
  };

  const importAll = () => {
    if (!file || !preview) return;
    commit.mutate(
      { memberId, file, lab, mapping: preview.mapping },
      {
        onSuccess: (result) => {
          setImported(result.imported);
          setPreview(null);
          setFile(null);
        },
      },
    );
  };

  const refusedRows = commit.error instanceof ApiRequestError ? commit.error.issues.filter((issue) => issue.path.startsWith('row ')) : [];
  const ready = preview && preview.mappingProblems.length === 0 && preview.rowErrors.length === 0 && preview.readyRows > 0 && !check.isPending;

  return (
    <section aria-labelledby="soil-import-heading" className={styles.section}>
      <h2 id="soil-import-heading">Import a lab’s CSV for {memberName}</h2>
      <p className={adminStyles.muted}>The paddock in each row is matched to {memberName}’s paddocks by name. Every row is imported, or none: a row with a problem stops the file until it is put right.</p>
      <form
        className={styles.importForm}
        onSubmit={(event) => {
          event.preventDefault();
          read();
        }}
      >
        <div className={formStyles.field}>
          <label htmlFor={fileId} className={formStyles.label}>
            Lab CSV file
          </label>
          <input
            id={fileId}
            key={imported ?? 'file'}
            type="file"
            accept=".csv,text/csv"
            className={formStyles.input}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setPreview(null);
              check.reset();
            }}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={labId} className={formStyles.label}>
            Lab (when the file has no lab column)
          </label>
          <input id={labId} className={formStyles.input} value={lab} maxLength={100} onChange={(event) => setLab(event.target.value)} onBlur={() => preview && read(preview.mapping)} placeholder="CSBP" />
        </div>
        <button type="submit" className="button button-primary" disabled={!file || check.isPending}>
          {check.isPending && !preview ? 'Reading…' : 'Read the file'}
        </button>
      </form>
      {check.isError && (
        <p className={adminStyles.error} role="alert">
          {failureMessage(check.error)}
        </p>
      )}
      {imported !== null && (
        <p className={adminStyles.notice} role="status">
          Imported {formatNumber(imported)} samples for {memberName}.
        </p>
      )}
      {preview && <MappingScreen preview={preview} onRemap={remap} checking={check.isPending} />}
      {preview && (
        <div className={styles.importActions}>
          <button type="button" className="button button-primary" disabled={!ready || commit.isPending} onClick={importAll}>
            {commit.isPending ? 'Importing…' : `Import ${formatNumber(preview.readyRows)} ${preview.readyRows === 1 ? 'sample' : 'samples'}`}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setPreview(null);
              commit.reset();
            }}
          >
            Cancel
          </button>
        </div>
      )}
      {commit.isError && (
        <div className={adminStyles.error} role="alert">
          <p>{failureMessage(commit.error)}</p>
          {refusedRows.length > 0 && (
            <ul>
              {refusedRows.map((issue) => (
                <li key={issue.path + issue.message}>{issue.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function MappingScreen({ preview, onRemap, checking }: { preview: SoilImportPreview; onRemap: (field: SoilImportField, column: string) => void; checking: boolean }) {
  const firstRow = preview.sampleRows[0] ?? [];
  return (
    <div aria-busy={checking || undefined}>
      <h3>Match the columns of {preview.fileName || 'the file'}</h3>
      <p>
        {formatNumber(preview.rowCount)} rows under {formatNumber(preview.headers.length)} columns. The columns below were matched by their headings; change any that is wrong, or choose ‘Not in the file’.
      </p>
      <div className={styles.tableWrap}>
        <table className={adminStyles.table} aria-label="Column mapping">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Column in the file</th>
              <th scope="col">First row</th>
            </tr>
          </thead>
          <tbody>
            {SOIL_IMPORT_FIELDS.map((field) => {
              const column = preview.mapping[field];
              return (
                <tr key={field}>
                  <th scope="row">{IMPORT_FIELD_LABELS[field]}</th>
                  <td>
                    <select
                      className={formStyles.input}
                      aria-label={`Column for ${IMPORT_FIELD_LABELS[field]}`}
                      value={typeof column === 'number' ? String(column) : NOT_IN_FILE}
                      onChange={(event) => onRemap(field, event.target.value)}
                    >
                      <option value={NOT_IN_FILE}>Not in the file</option>
                      {preview.headers.map((heading, index) => (
                        <option key={index} value={String(index)}>
                          {heading || `Column ${index + 1}`}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{typeof column === 'number' ? firstRow[column] || '—' : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {preview.mappingProblems.length > 0 && (
        <div className={adminStyles.notice} role="status">
          <p>Before the rows can be read:</p>
          <ul>
            {preview.mappingProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {preview.mappingProblems.length === 0 && (
        <p role="status">
          {formatNumber(preview.readyRows)} of {formatNumber(preview.readyRows + new Set(preview.rowErrors.map((error) => error.row)).size)} rows are ready to import.
          {preview.rowErrors.length > 0 && ' Put these right in the file (or the mapping) and read it again:'}
        </p>
      )}
      {preview.rowErrors.length > 0 && (
        <ul className={styles.rowErrors} aria-label="Rows with problems">
          {preview.rowErrors.map((error) => (
            <li key={`${error.row}:${error.message}`}>{error.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
