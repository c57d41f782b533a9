import type { AdminCorporateDocument } from '@shared/contracts/admin-insights';
import type { CorporateDocument } from '@shared/contracts/public-site';

/** What a document list reads of each row: its bytes only for their size. */
export const corporateDocumentSelect = { id: true, title: true, description: true, fileName: true, mimeType: true, sortOrder: true, publishedAt: true, content: true } as const;

interface CorporateDocumentRow {
  id: string;
  title: string;
  description: string;
  fileName: string;
  mimeType: string;
  sortOrder: number;
  publishedAt: Date;
  content: Uint8Array;
}

/** A published document as the public /corporate-documents page lists it, with the address that downloads it. */
export const presentCorporateDocument = (row: CorporateDocumentRow): CorporateDocument => ({
  id: row.id,
  title: row.title,
  description: row.description,
  fileName: row.fileName,
  mimeType: row.mimeType,
  sizeBytes: row.content.length,
  publishedAt: row.publishedAt.toISOString(),
  downloadUrl: `/api/corporate-documents/${encodeURIComponent(row.id)}/download`,
});

/** As staff see it: with its place in the list. */
export const presentAdminCorporateDocument = (row: CorporateDocumentRow): AdminCorporateDocument => ({ ...presentCorporateDocument(row), sortOrder: row.sortOrder });
