import { useState } from 'react';
import type { z } from 'zod';
import { type AdminCorporateDocument, corporateDocumentUpdateSchema, corporateDocumentUploadSchema, DOCUMENT_LIMITS } from '@shared/contracts/admin-insights';

import { DOCUMENT_ACCEPT, MAX_DOCUMENT_BYTES, moveInOrder } from '@shared/domain/public-site/corporate-documents';
import { AdminPageHeader, ListEmpty, ListError, ListLoading } from '../../components/admin/admin-ui';
import { FieldFrame, TextareaField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import fieldStyles from '../../components/ui/form/form.module.css';
import { FORM_ERROR } from '../../components/ui/form/server-issues';
import { ApiFileLink } from '../../lib/api-files';
import { failureMessage } from '../../lib/react-query';
import { useDeleteCorporateDocument } from './api/delete-corporate-document';
import { useCorporateDocuments } from './api/get-corporate-documents';
import { useReorderCorporateDocuments } from './api/reorder-corporate-documents';
import { useUpdateCorporateDocument } from './api/update-corporate-document';
import { useUploadCorporateDocument } from './api/upload-corporate-document';
import { UploadProgress, useUploadProgress } from '../../components/ui/upload-progress';

import styles from './insights.module.css';
import { formatDateTime, formatFileSize } from '@shared/format';
import { useFocusReturn } from '../../lib/use-focus-return';
import { ConfirmInPlace } from '../../components/ui/confirm-in-place';

const LIMIT_TEXT = `${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB`;
const NOT_SAVED = 'That change was not saved. Try again.';

type Notice = { kind: 'success' | 'error'; text: string } | undefined;

/** Why a chosen file cannot be published, before it is sent (the server checks the same). */
function fileProblem(file: File | undefined): string | undefined {
  if (!file) return 'Choose a PDF file to upload.';
  if (file.size > MAX_DOCUMENT_BYTES) return `“${file.name}” is ${formatFileSize(file.size)}; documents are limited to ${LIMIT_TEXT}.`;
  if (file.type && file.type !== 'application/pdf') return `Only PDF documents can be published; “${file.name}” is not a PDF.`;
  return undefined;
}

function UploadForm({ onUploaded }: { onUploaded: (document: AdminCorporateDocument) => void }) {
  const upload = useUploadCorporateDocument();
  const sending = useUploadProgress();
  const form = useZodForm(corporateDocumentUploadSchema, { title: '', description: '' });
  const [file, setFile] = useState<File>();
  const [fileInputKey, setFileInputKey] = useState(0);

  const submit = async (values: z.output<typeof corporateDocumentUploadSchema>) => {
    const problem = fileProblem(file);
    if (problem || !file) {
      form.setError(FORM_ERROR, { type: 'file', message: problem });
      return;
    }
    const { document } = await upload.mutateAsync({ ...values, file, onUploadProgress: sending.listen }).finally(sending.clear);
    form.reset({ title: '', description: '' });
    setFile(undefined);
    setFileInputKey((key) => key + 1);
    onUploaded(document);
  };

  return (
    <Form form={form} className={styles.uploadForm} onSubmit={submit} failureMessage="The document was not uploaded. Try again." aria-labelledby="upload-heading">
      <h2 id="upload-heading">Publish a document</h2>
      <TextField name="title" label="Title" maxLength={DOCUMENT_LIMITS.title} required />
      <TextareaField name="description" label="Description (optional)" rows={2} maxLength={DOCUMENT_LIMITS.description} />
      <FieldFrame name="file" label="PDF file" hint={`PDF only, up to ${LIMIT_TEXT}. It appears at the end of the public list; move it afterwards.`}>
        {(control) => <input key={fileInputKey} {...control} className={fieldStyles.input} type="file" accept={DOCUMENT_ACCEPT} required onChange={(event) => setFile(event.target.files?.[0])} />}
      </FieldFrame>
      <FormError />
      <UploadProgress sent={sending.sent} label="Sending the document" />
      <div className={styles.actions}>
        <SubmitButton label="Upload and publish" busy="Uploading…" />
      </div>
    </Form>
  );
}

function EditDocumentForm({ document, onDone }: { document: AdminCorporateDocument; onDone: (notice: Notice | 'cancelled') => void }) {
  const update = useUpdateCorporateDocument(document.id);
  const form = useZodForm(corporateDocumentUpdateSchema, { title: document.title, description: document.description });
  const save = async (changes: z.output<typeof corporateDocumentUpdateSchema>) => {
    await update.mutateAsync(changes);
    onDone({ kind: 'success', text: 'Changes saved.' });
  };
  return (
    <Form form={form} onSubmit={save} failureMessage={NOT_SAVED} className={styles.uploadForm} aria-label={`Edit ${document.title}`} opensInPlace>
      <FormError />
      <TextField name="title" label="Title" maxLength={DOCUMENT_LIMITS.title} />
      <TextareaField name="description" label="Description" rows={3} maxLength={DOCUMENT_LIMITS.description} />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          Save
        </button>
        <button type="button" className="button" onClick={() => onDone('cancelled')}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

function DocumentCard({
  document,
  position,
  count,
  busy,
  onMove,
  onNotice,
  onDelete,
}: {
  document: AdminCorporateDocument;
  position: number;
  count: number;
  busy: boolean;
  onMove: (offset: number) => void;
  onNotice: (notice: Notice) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useFocusReturn<HTMLButtonElement>(editing);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useFocusReturn<HTMLButtonElement>(confirming);

  return (
    <li className={styles.card} data-testid="corporate-document">
      {editing ? (
        <EditDocumentForm
          document={document}
          onDone={(notice) => {
            setEditing(false);
            if (notice !== 'cancelled') onNotice(notice);
          }}
        />
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
              </ApiFileLink>{' '}
              ({formatFileSize(document.sizeBytes)})
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
            <button ref={editButton} type="button" className="button" disabled={busy} onClick={() => setEditing(true)} aria-label={`Edit ${document.title}`}>
              Edit
            </button>
            <button ref={deleteButton} type="button" className="button" disabled={busy} onClick={() => setConfirming(true)} aria-label={`Delete ${document.title}`}>
              Delete
            </button>
          </div>
          {confirming && (
            <ConfirmInPlace label={`Delete “${document.title}”?`} confirmLabel="Yes, delete it" onConfirm={onDelete} onKeep={() => setConfirming(false)} busy={busy}>
              <p>It disappears from the public Corporate Documents page at once.</p>
            </ConfirmInPlace>
          )}
        </>
      )}
    </li>
  );
}

/** /admin/blob-management: the corporate documents the public /corporate-documents page lists, in its order. */
export default function BlobManagementPage() {
  const documents = useCorporateDocuments();
  const reorder = useReorderCorporateDocuments();
  const remove = useDeleteCorporateDocument();
  const [notice, setNotice] = useState<Notice>();
  const busy = reorder.isPending || remove.isPending;
  const list = documents.data?.documents;

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setNotice({ kind: 'success', text: done });
    } catch (failure) {
      setNotice({ kind: 'error', text: failureMessage(failure, NOT_SAVED) });
    }
  };

  return (
    <section>
      <AdminPageHeader title="Blob Management">
        The corporate documents members and visitors download from the public Corporate Documents page, in the order listed there. Every change is recorded in the audit log.
      </AdminPageHeader>
      <UploadForm onUploaded={(document) => setNotice({ kind: 'success', text: `“${document.title}” is published.` })} />
      <h2>Published documents</h2>
      {notice && (
        <div className={`alert ${notice.kind === 'success' ? 'alert-success' : 'alert-error'}`} role={notice.kind === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </div>
      )}
      {documents.isPending && <ListLoading label="Loading documents…" />}
      {documents.isError && <ListError query={documents} fallback="The documents could not be loaded. Check your connection and try again." />}
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
                  () =>
                    reorder.mutateAsync(
                      moveInOrder(
                        list.map((row) => row.id),
                        document.id,
                        offset,
                      ),
                    ),
                  `“${document.title}” moved ${offset < 0 ? 'up' : 'down'}.`,
                )
              }
              onNotice={setNotice}
              onDelete={() => void run(() => remove.mutateAsync(document.id), `“${document.title}” was deleted.`)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
