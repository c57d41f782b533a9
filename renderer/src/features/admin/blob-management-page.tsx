import { type FormEvent, useRef, useState } from 'react';
import type { AdminCorporateDocument } from '@shared/contracts/admin-insights';
import { DOCUMENT_ACCEPT, DOCUMENT_LIMITS, MAX_DOCUMENT_BYTES, moveInOrder } from '@shared/domain/public-site/corporate-documents';
import { formatDateTime, formatFileSize } from '@shared/format';
import { ApiFileLink } from '../../lib/api-files';
import { failureText, insightsApi } from './insights-api';
import { AdminPageHeader, ListEmpty, ListError, ListLoading } from './admin-ui';
import { useLoaded } from './insights-ui';
import styles from './insights.module.css';

const LIMIT_TEXT = `${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB`;

type Notice = { kind: 'success' | 'error'; text: string } | undefined;

function UploadForm({ onUploaded }: { onUploaded: (document: AdminCorporateDocument) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!title.trim()) return setError('Please give the document a title.');
    if (!file) return setError('Choose a PDF file to upload.');
    if (file.size > MAX_DOCUMENT_BYTES) return setError(`“${file.name}” is ${formatFileSize(file.size)}; documents are limited to ${LIMIT_TEXT}.`);
    if (file.type && file.type !== 'application/pdf') return setError(`Only PDF documents can be published; “${file.name}” is not a PDF.`);
    setBusy(true);
    setError(undefined);
    try {
      onUploaded(await insightsApi.uploadDocument(title.trim(), description.trim(), file));
      setTitle('');
      setDescription('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (failure) {
      setError(failureText(failure, 'The document was not uploaded. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.uploadForm} onSubmit={(event) => void submit(event)} aria-labelledby="upload-heading" noValidate>
      <h2 id="upload-heading">Publish a document</h2>
      <div className={styles.field}>
        <label htmlFor="document-title">Title</label>
        <input id="document-title" className={styles.control} value={title} maxLength={DOCUMENT_LIMITS.title} required onChange={(event) => setTitle(event.target.value)} />
      </div>
      <div className={styles.field}>
        <label htmlFor="document-description">Description (optional)</label>
        <textarea id="document-description" className={styles.control} rows={2} value={description} maxLength={DOCUMENT_LIMITS.description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <div className={styles.field}>
        <label htmlFor="document-file">PDF file</label>
        <input id="document-file" ref={fileInput} className={styles.control} type="file" accept={DOCUMENT_ACCEPT} required aria-describedby="document-file-hint" />
        <p id="document-file-hint" className={styles.hint}>
          PDF only, up to {LIMIT_TEXT}. It appears at the end of the public list; move it afterwards.
        </p>
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload and publish'}
        </button>
      </div>
    </form>
  );
}

function DocumentCard({
  document,
  position,
  count,
  busy,
  onMove,
  onSave,
  onDelete,
}: {
  document: AdminCorporateDocument;
  position: number;
  count: number;
  busy: boolean;
  onMove: (offset: number) => void;
  onSave: (title: string, description: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [title, setTitle] = useState(document.title);
  const [description, setDescription] = useState(document.description);
  const fieldId = `document-${document.id}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSave(title, description)) setEditing(false);
  };

  return (
    <li className={styles.card} data-testid="corporate-document">
      {editing ? (
        <form onSubmit={(event) => void save(event)} className={styles.uploadForm} aria-label={`Edit ${document.title}`}>
          <div className={styles.field}>
            <label htmlFor={`${fieldId}-title`}>Title</label>
            <input id={`${fieldId}-title`} className={styles.control} value={title} maxLength={DOCUMENT_LIMITS.title} onChange={(event) => setTitle(event.target.value)} />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${fieldId}-description`}>Description</label>
            <textarea id={`${fieldId}-description`} className={styles.control} rows={3} value={description} maxLength={DOCUMENT_LIMITS.description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          <div className={styles.actions}>
            <button type="submit" className="button button-primary" disabled={busy}>
              Save
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setTitle(document.title);
                setDescription(document.description);
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <div className={styles.cardTop}>
            <h3 className={styles.documentTitle}>{document.title}</h3>
            <span className={styles.position}>
              {position} of {count}
            </span>
          </div>
          {document.description && <p className={styles.description}>{document.description}</p>}
          <dl className={styles.facts}>
            <dt>File</dt>
            <dd>
              <ApiFileLink path={document.downloadUrl} fileName={document.fileName} opensInTab>
                {document.fileName}
              </ApiFileLink> ({formatFileSize(document.sizeBytes)})
            </dd>
            <dt>Published</dt>
            <dd>{formatDateTime(document.publishedAt)}</dd>
          </dl>
          <div className={styles.actions}>
            <button type="button" className="button" disabled={busy || position === 1} onClick={() => onMove(-1)} aria-label={`Move ${document.title} up`}>
              ↑ Up
            </button>
            <button type="button" className="button" disabled={busy || position === count} onClick={() => onMove(1)} aria-label={`Move ${document.title} down`}>
              ↓ Down
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setEditing(true)} aria-label={`Edit ${document.title}`}>
              Edit
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setConfirming(true)} aria-label={`Delete ${document.title}`}>
              Delete
            </button>
          </div>
          {confirming && (
            <div className={styles.confirm} role="alertdialog" aria-labelledby={`${fieldId}-confirm`}>
              <p id={`${fieldId}-confirm`}>Delete “{document.title}”? It disappears from the public Corporate Documents page at once.</p>
              <div className={styles.actions}>
                <button type="button" className={`button ${styles.buttonDanger}`} disabled={busy} onClick={onDelete}>
                  Yes, delete it
                </button>
                <button type="button" className="button" onClick={() => setConfirming(false)}>
                  Keep it
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </li>
  );
}

/** /admin/blob-management: the corporate documents the public /corporate-documents page lists, in its order. */
export default function BlobManagementPage() {
  const documents = useLoaded(() => insightsApi.documents(), 'documents', 'The documents could not be loaded. Check your connection and try again.');
  const [changed, setChanged] = useState<AdminCorporateDocument[]>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const list = changed ?? (documents.status === 'ready' ? documents.data.documents : undefined);

  const run = async (work: () => Promise<AdminCorporateDocument[]>, done: string) => {
    setBusy(true);
    try {
      setChanged(await work());
      setNotice({ kind: 'success', text: done });
      return true;
    } catch (failure) {
      setNotice({ kind: 'error', text: failureText(failure, 'That change was not saved. Try again.') });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <AdminPageHeader title="Blob Management">
        The corporate documents members and visitors download from the public Corporate Documents page, in the order listed there. Every change is recorded in the audit log.
      </AdminPageHeader>
      <UploadForm
        onUploaded={(document) => {
          setChanged([...(list ?? []), document]);
          setNotice({ kind: 'success', text: `“${document.title}” is published.` });
        }}
      />
      <h2>Published documents</h2>
      {notice && (
        <div className={`alert ${notice.kind === 'success' ? 'alert-success' : 'alert-error'}`} role={notice.kind === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </div>
      )}
      {!list && documents.status === 'loading' && <ListLoading label="Loading documents…" />}
      {!list && documents.status === 'error' && <ListError message={documents.message} onRetry={documents.reload} />}
      {list && list.length === 0 && <ListEmpty>No documents are published. The public page says so until one is uploaded.</ListEmpty>}
      {list && list.length > 0 && (
        <ol className={styles.cards}>
          {list.map((document, index) => (
            <DocumentCard
              key={document.id}
              document={document}
              position={index + 1}
              count={list.length}
              busy={busy}
              onMove={(offset) =>
                void run(
                  () => insightsApi.reorderDocuments(moveInOrder(list.map((row) => row.id), document.id, offset)).then((answer) => answer.documents),
                  `“${document.title}” moved ${offset < 0 ? 'up' : 'down'}.`,
                )
              }
              onSave={(title, description) =>
                run(async () => {
                  const { document: saved } = await insightsApi.updateDocument(document.id, { title, description });
                  return list.map((row) => (row.id === saved.id ? saved : row));
                }, 'Changes saved.')
              }
              onDelete={() =>
                void run(async () => {
                  await insightsApi.deleteDocument(document.id);
                  return list.filter((row) => row.id !== document.id);
                }, `“${document.title}” was deleted.`)
              }
            />
          ))}
        </ol>
      )}
    </section>
  );
}
