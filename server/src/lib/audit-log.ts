import type { Request, Response } from 'express';
import type { Database, DatabaseWriter } from '../db/client';

/** One entry of the audit log: who (actorId) did what (action) for whom (customerId, null for the mutual's own settings). */
export interface AuditEntry {
  actorId: string;
  customerId: string | null;
  action: string;
  details: Record<string, unknown>;
}

/**
 * Writes an audit entry. It returns Prisma's pending write unawaited, so a change and its entry go
 * into one `db.$transaction([...])`, or are awaited inside an interactive transaction.
 */
export function auditEntry(db: Database | DatabaseWriter, entry: AuditEntry) {
  return db.auditLog.create({ data: { actorId: entry.actorId, customerId: entry.customerId, action: entry.action, details: entry.details as object } });
}

/**
 * Audits the change a request is about to make: the entry (with the method and path) is written
 * before the route runs, and its outcome (the status) is added once the answer is sent, so no route
 * has to remember it.
 */
export async function auditRequest(db: Database, req: Request, res: Response, entry: AuditEntry, onError: (error: unknown) => void): Promise<void> {
  const details = { ...entry.details, method: req.method, path: req.originalUrl.split('?')[0] };
  const { id } = await auditEntry(db, { ...entry, details });
  res.on('finish', () => {
    db.auditLog.update({ where: { id }, data: { details: { ...details, status: res.statusCode, succeeded: res.statusCode < 400 } } }).catch(onError);
  });
}
