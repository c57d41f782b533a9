import { formatFileSize, formatLongDate } from '@shared/format';
import { ApiFileLink } from '../../../lib/api-files';
import { failureMessage } from '../../../lib/react-query';
import { useCorporateDocuments } from '../api/get-corporate-documents';
import { PageHeader } from '../markdown-page';
import { usePageTitle } from '../../../lib/page-title';
import styles from './corporate-documents-page.module.css';

const kindText = (mimeType: string) => (mimeType === 'application/pdf' ? 'PDF' : (mimeType.split('/')[1] ?? 'file').toUpperCase());

/** The documents administrators publish (Constitution, Protection Rules, annual reports), from the database. */
export default function CorporateDocumentsPage() {
  usePageTitle('Corporate Documents');
  const documents = useCorporateDocuments();
  return (
    <>
      <PageHeader title="Corporate Documents" />
      <div className="container section">
        <p className="prose">
          The documents that govern the mutual and the protection it offers. Please read the Constitution and the Protection Rules before you apply: they set out what discretionary protection means and how the
          board decides claims.
        </p>
        {documents.isPending && <p role="status">Loading the documents…</p>}
        {documents.isError && (
          <div className="alert alert-error" role="alert">
            {failureMessage(documents.error, 'The documents could not be loaded.')} Please refresh the page, or call us on (08) 9000 0000 and we will e-mail them to you.
          </div>
        )}
        {documents.isSuccess && documents.data.documents.length === 0 && <p>No documents are published at the moment. Call us and we will send you a copy.</p>}
        {documents.isSuccess && documents.data.documents.length > 0 && (
          <ul className={styles.list}>
            {documents.data.documents.map((document) => (
              <li key={document.id} className="card">
                <h2 className={styles.title}>{document.title}</h2>
                <p>{document.description}</p>
                <p className="muted">
                  {kindText(document.mimeType)}, {formatFileSize(document.sizeBytes)}, published {formatLongDate(document.publishedAt)}
                </p>
                <ApiFileLink className="button button-primary" path={document.downloadUrl} fileName={document.fileName}>
                  Download<span className="visually-hidden"> {document.title}</span> ({kindText(document.mimeType)})
                </ApiFileLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
