import type { CorporateDocument } from '@shared/contracts/public-site';
import { useEffect, useState } from 'react';
import { formatFileSize, formatLongDate } from '@shared/format';
import { ApiFileLink } from '../../../lib/api-files';
import { apiRequest } from '../../../lib/api-client';
import { PageHeader } from '../markdown-page';
import { usePageTitle } from '../use-page-title';
import styles from './corporate-documents-page.module.css';

type State = { status: 'loading' } | { status: 'ready'; documents: CorporateDocument[] } | { status: 'error'; message: string };

const kindText = (mimeType: string) => (mimeType === 'application/pdf' ? 'PDF' : (mimeType.split('/')[1] ?? 'file').toUpperCase());

/** The documents administrators publish (Constitution, Protection Rules, annual reports), from the database. */
export default function CorporateDocumentsPage() {
  usePageTitle('Corporate Documents');
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    // eslint-disable-next-line no-restricted-syntax -- moves to features/public-site/api with the public site's conversion (issue 11, point 1)
    (apiRequest('GET', '/api/corporate-documents') as Promise<{ documents: CorporateDocument[] }>).then(
      ({ documents }) => live && setState({ status: 'ready', documents }),
      (error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : 'The documents could not be loaded.' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      <PageHeader title="Corporate Documents" />
      <div className="container section">
        <p className="prose">
          The documents that govern the mutual and the protection it offers. Please read the Constitution and the Protection Rules before you apply: they set out what
          discretionary protection means and how the board decides claims.
        </p>
        {state.status === 'loading' && <p role="status">Loading the documents…</p>}
        {state.status === 'error' && (
          <div className="alert alert-error" role="alert">
            {state.message} Please refresh the page, or call us on (08) 9000 0000 and we will e-mail them to you.
          </div>
        )}
        {state.status === 'ready' && state.documents.length === 0 && <p>No documents are published at the moment. Call us and we will send you a copy.</p>}
        {state.status === 'ready' && state.documents.length > 0 && (
          <ul className={styles.list}>
            {state.documents.map((document) => (
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
