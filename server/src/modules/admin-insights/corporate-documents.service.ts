import type { AdminCorporateDocument, CorporateDocumentUpdate } from '@shared/contracts/admin-insights';
import { isPdf, isPermutationOf, safePdfFileName } from '@shared/domain/public-site/corporate-documents';
import type { AppContext } from '../../context';
import type { Database, DatabaseWriter } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import { corporateDocumentSelect, presentAdminCorporateDocument } from '../../presenters/corporate-document';

const DOCUMENT_NOT_FOUND = 'That document is no longer published; reload the list.';

const order = [{ sortOrder: 'asc' }, { publishedAt: 'desc' }] as const;

export interface UploadedDocument {
  originalname: string;
  buffer: Buffer;
}

/**
 * The corporate documents the public /corporate-documents page lists. Every change is written with
 * its entry in the audit log (who, what, when; the same log support mode writes to), in one
 * transaction: no document is published, changed or removed without its entry.
 */
export function corporateDocumentsService({ db }: AppContext) {
  const audit = (writer: Database | DatabaseWriter, actorId: string, action: string, details: Record<string, unknown>) => auditEntry(writer, { actorId, customerId: null, action, details });

  const list = async () => (await db.corporateDocument.findMany({ select: corporateDocumentSelect, orderBy: [...order] })).map(presentAdminCorporateDocument);

  return {
    list,

    async upload(actorId: string, input: { title: string; description: string }, file: UploadedDocument | undefined): Promise<AdminCorporateDocument> {
      if (!file) throw badRequest('Choose a PDF file to upload, sent in the field named file.', 'file_missing');
      if (!isPdf(file.buffer)) throw new AppError(415, 'not_a_pdf', `Only PDF documents can be published; “${file.originalname}” is not a PDF.`);
      const last = await db.corporateDocument.aggregate({ _max: { sortOrder: true } });
      const row = await db.$transaction(async (tx) => {
        const created = await tx.corporateDocument.create({
          data: {
            title: input.title,
            description: input.description,
            fileName: safePdfFileName(file.originalname),
            mimeType: 'application/pdf',
            content: new Uint8Array(file.buffer),
            sortOrder: (last._max.sortOrder ?? -1) + 1,
          },
          select: corporateDocumentSelect,
        });
        await audit(tx, actorId, 'corporate_document.uploaded', { documentId: created.id, title: created.title, fileName: created.fileName, sizeBytes: created.content.length });
        return created;
      });
      return presentAdminCorporateDocument(row);
    },

    async update(actorId: string, id: string, changes: CorporateDocumentUpdate): Promise<AdminCorporateDocument> {
      const before = await db.corporateDocument.findUnique({ where: { id }, select: { title: true, description: true } });
      if (!before) throw notFound(DOCUMENT_NOT_FOUND, 'document_not_found');
      const row = await db.$transaction(async (tx) => {
        const updated = await tx.corporateDocument.update({ where: { id }, data: changes, select: corporateDocumentSelect });
        await audit(tx, actorId, 'corporate_document.updated', { documentId: id, before, after: { title: updated.title, description: updated.description } });
        return updated;
      });
      return presentAdminCorporateDocument(row);
    },

    async reorder(actorId: string, ids: string[]): Promise<AdminCorporateDocument[]> {
      const current = (await db.corporateDocument.findMany({ select: { id: true }, orderBy: [...order] })).map((row) => row.id);
      if (!isPermutationOf(ids, current)) throw conflict('The list of documents has changed since it was loaded; reload it and move the document again.', 'document_list_changed');
      await db.$transaction([
        ...ids.map((documentId, sortOrder) => db.corporateDocument.update({ where: { id: documentId }, data: { sortOrder } })),
        audit(db, actorId, 'corporate_document.reordered', { order: ids }),
      ]);
      return list();
    },

    async remove(actorId: string, id: string): Promise<void> {
      const row = await db.corporateDocument.findUnique({ where: { id }, select: { title: true, fileName: true } });
      if (!row) throw notFound(DOCUMENT_NOT_FOUND, 'document_not_found');
      await db.$transaction([db.corporateDocument.delete({ where: { id } }), audit(db, actorId, 'corporate_document.deleted', { documentId: id, title: row.title, fileName: row.fileName })]);
    },
  };
}
