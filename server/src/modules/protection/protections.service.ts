/**
 * The member's protections, read from the applications of POST /api/protection
 * (prisma/schema/protection.prisma) and presented for the dashboard.
 */
import type { ProtectionView } from '@shared/contracts/dashboard';
import type { ProtectionStatus } from '@shared/contracts/protection-status';
import type { AppContext } from '../../context';
import { isInvoiceable } from '@shared/domain/protection/protection';
import type { Database, DatabaseWriter } from '../../db/client';
import { auditEntry } from '../../lib/audit-log';
import { retryOnUniqueViolation } from '../../lib/sequential-number';
import { type ProtectionBilling, protectionStage } from '@shared/domain/protection/lifecycle';
import { protectionStatusOf } from '@shared/domain/protection/protection';
import { paidCentsOf } from '@shared/domain/billing/payments';
import { coverStartDay, coverStartedAt } from '@shared/domain/protection/certificate';
import { issueInvoices } from '../billing/invoices.service';
import { applicationReference, presentProtection, protectionRead } from '../../presenters/protection';
import { applicationStageEmail } from '../protection/mail-templates';

/** The audit action of staff moving an application. */
export const APPLICATION_STATUS_AUDIT_ACTION = 'application.status_changed';

/** Each application's invoices and the money received against them, for its stage (one query for all of them). */
export async function billingOf(db: DatabaseWriter, applicationIds: readonly string[]): Promise<(applicationId: string) => ProtectionBilling> {
  const invoices = await db.invoice.findMany({ where: { applicationId: { in: [...applicationIds] } }, select: { applicationId: true, payments: { select: { amountCents: true, reversedAt: true } } } });
  return (applicationId) => {
    const own = invoices.filter((invoice) => invoice.applicationId === applicationId);
    // A reversed payment counts for nothing: reversing the only one takes the stage back to invoiced.
    return { invoices: own.length, paidCents: own.reduce((sum, invoice) => sum + paidCentsOf(invoice.payments), 0) };
  };
}

/** When staff marked the application active (the audited move), if they did. */
async function markedActiveAt(db: DatabaseWriter, protection: Pick<ProtectionView, 'id' | 'userId'>): Promise<Date | null> {
  const moves = await db.auditLog.findMany({ where: { action: APPLICATION_STATUS_AUDIT_ACTION, customerId: protection.userId }, orderBy: { createdAt: 'asc' }, select: { createdAt: true, details: true } });
  const activated = moves.find((move) => {
    const details = move.details as { applicationId?: unknown; to?: unknown };
    return details.applicationId === protection.id && details.to === 'active';
  });
  return activated?.createdAt ?? null;
}

/** The moment the certificate states cover started: its first payment that still counts recorded, or staff marking it active. */
export async function coverStartOf(db: DatabaseWriter, protection: Pick<ProtectionView, 'id' | 'userId'>): Promise<Date | null> {
  const [payment, activated] = await Promise.all([
    db.invoicePayment.findFirst({ where: { reversedAt: null, invoice: { applicationId: protection.id } }, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
    markedActiveAt(db, protection),
  ]);
  return coverStartedAt(payment?.createdAt ?? null, activated);
}

/** The day cover started as the member is told it and claims are judged by it (coverStartDay). */
export async function coverStartDayOf(db: DatabaseWriter, protection: Pick<ProtectionView, 'id' | 'userId'>): Promise<string | null> {
  const [payment, activated] = await Promise.all([
    db.invoicePayment.findFirst({ where: { reversedAt: null, invoice: { applicationId: protection.id } }, orderBy: [{ receivedOn: 'asc' }, { createdAt: 'asc' }], select: { receivedOn: true } }),
    markedActiveAt(db, protection),
  ]);
  return coverStartDay(payment?.receivedOn ?? null, activated);
}

export async function listProtections(db: Database, userId: string): Promise<ProtectionView[]> {
  const rows = await db.protectionApplication.findMany({ where: { userId }, ...protectionRead, orderBy: { submittedAt: 'desc' } });
  const billing = await billingOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentProtection(row, billing(row.id)));
}

/** Whose an application is, its reference and its stage, without its paddocks and figures (a certificate's standing needs no more). */
export async function applicationStanding(db: DatabaseWriter, id: string): Promise<Pick<ProtectionView, 'id' | 'userId' | 'reference' | 'stage' | 'season'> | undefined> {
  const row = await db.protectionApplication.findUnique({ where: { id }, select: { id: true, userId: true, reference: true, status: true, seasonYear: true } });
  if (!row) return undefined;
  const billing = await billingOf(db, [row.id]);
  return { id: row.id, userId: row.userId, reference: applicationReference(row), season: String(row.seasonYear), stage: protectionStage(protectionStatusOf(row.status), billing(row.id)) };
}

export async function protectionsByIds(db: Database, ids: readonly string[]): Promise<ProtectionView[]> {
  const rows = await db.protectionApplication.findMany({ where: { id: { in: [...ids] } }, ...protectionRead });
  const billing = await billingOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentProtection(row, billing(row.id)));
}

export async function findProtection(db: DatabaseWriter, id: string): Promise<ProtectionView | undefined> {
  const row = await db.protectionApplication.findUnique({ where: { id }, ...protectionRead });
  return row ? presentProtection(row, (await billingOf(db, [row.id]))(row.id)) : undefined;
}

/**
 * Staff move an application: accepting it commits the mutual to it, so who moved it, and from what,
 * is kept with the move, and the invoices it is owed are issued in the same transaction: an accepted
 * application without its invoices, or invoices for a move that failed, cannot exist. The e-mail
 * telling the member where it now stands is written in that transaction too. Answers the moved view.
 */
export async function moveProtection(
  { db, mailer, site }: Pick<AppContext, 'db' | 'mailer' | 'site'>,
  protection: ProtectionView,
  move: { actorId: string; to: ProtectionStatus },
  /** Written in the move's transaction too (what follows the move: Xero's invoices). */
  alsoWrite: (tx: DatabaseWriter) => Promise<unknown> = async () => undefined,
): Promise<ProtectionView | undefined> {
  const { moved, emailId } = await retryOnUniqueViolation(() =>
    db.$transaction(async (tx) => {
      const application = await tx.protectionApplication.update({ where: { id: protection.id }, data: { status: move.to } });
      await auditEntry(tx, { actorId: move.actorId, customerId: protection.userId, action: APPLICATION_STATUS_AUDIT_ACTION, details: { applicationId: protection.id, from: protection.status, to: move.to } });
      if (isInvoiceable(move.to)) await issueInvoices(tx, application);
      await alsoWrite(tx);
      const moved = await findProtection(tx, protection.id);
      return { moved, emailId: moved ? await queueStageEmail({ writer: tx, mailer, site }, moved) : null };
    }),
  );
  if (emailId) await mailer.dispatch(emailId);
  return moved;
}

/**
 * The e-mail telling the member where their application now stands, in the dashboard's words (one
 * status on screens, PDFs and e-mails), queued in `writer`'s transaction; null when the member is gone.
 */
async function queueStageEmail({ writer, mailer, site }: Pick<AppContext, 'mailer' | 'site'> & { writer: DatabaseWriter }, protection: ProtectionView): Promise<string | null> {
  const member = await writer.user.findUnique({ where: { id: protection.userId }, select: { email: true, firstName: true } });
  if (!member) return null;
  const mail = applicationStageEmail({
    to: member.email,
    firstName: member.firstName,
    reference: protection.reference,
    cover: protection.coverageDescription,
    stage: protection.stage,
    dashboardUrl: `${site.origin()}/dashboard/protection`,
  });
  return mailer.send(mail, { writer, key: `application-stage:${protection.id}:${protection.stage}` });
}
