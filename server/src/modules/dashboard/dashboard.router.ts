/**
 * The member and broker dashboard API (issue 7). Every route needs a signed-in caller; every record
 * is checked against its owner with ./access.ts (the member, the broker of record, an administrator
 * to read, staff in support mode); staff-only steps (claim status, recording a payment) need an
 * administrator. docs/dashboard.md describes the routes.
 */
import { type Request, type RequestHandler, type Response, Router } from 'express';
import multer from 'multer';
import {
  CLAIM_MESSAGES,
  claimMessageInputSchema,
  claimStatusInputSchema,
  type ClientAccount,
  type ClientView,
  emailPreferencesInputSchema,
  farmPaddocksInputSchema,
  type FarmPaddockView,
  lodgeClaimSchema,
  memberQuerySchema,
  type OverviewView,
  paymentOptionInputSchema,
  protectionStatusInputSchema,
  recordIdSchema,
  recordPaymentInputSchema,
  reportQuerySchema,
} from '@shared/contracts/dashboard';
import { isAdministrator } from '@shared/domain/accounts/permissions';
import { displayName } from '@shared/domain/accounts/display-name';
import { canMoveClaim, isOpenClaim } from '@shared/domain/dashboard/claims';
import { invoiceStanding, PAYMENT_OPTION_LABELS, perthToday } from '@shared/domain/dashboard/payment-plan';
import { canMoveProtection } from '@shared/domain/dashboard/protection';
import { seasonReport, seasonReportCsv } from '@shared/domain/dashboard/season-report';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD } from '@shared/domain/dashboard/uploads';
import { formatCents } from '@shared/format';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { createBlobStore } from '../../lib/blob-store';
import { parseInput } from '../../lib/validate';
import { requireAdmin, requireUser, signedInUser } from '../../middleware/auth';
import { assertVisible, memberInScope } from './access';
import { attachPhotos, checkPhotos, type ClaimRow, claimStatusOf, findClaim, listClaims, lodgeClaim, notifyMember, presentClaim, type UploadedPhoto } from './claims';
import { invoicePdf, protectionSummaryPdf, receiptPdf, type Recipient } from './documents';
import { storeFile } from './files';
import { findInvoice, listInvoices, presentInvoice, withSequentialNumber } from './invoices';
import { findProtection, listProtections } from './protections';
import { destroySession, userSessions } from './sessions';

const CLAIM_NOT_FOUND = 'Claim not found.';
const INVOICE_NOT_FOUND = 'Invoice not found.';
const PROTECTION_NOT_FOUND = 'Protection not found.';
const FILE_NOT_FOUND = 'File not found.';
/** Audit actions of staff steps on a member's record. */
export const APPLICATION_STATUS_AUDIT_ACTION = 'application.status_changed';
export const PAYMENT_AUDIT_ACTION = 'payment.recorded';
export const CLAIM_STATUS_AUDIT_ACTION = 'claim.status_changed';

/** Photos arrive as multipart 'photos' fields; multer's limits become clear 4xx answers. */
function photoUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS_PER_UPLOAD, fields: 40, fieldSize: 64 * 1024, parts: 60 },
  }).array('photos', MAX_PHOTOS_PER_UPLOAD);
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new AppError(413, 'photo_too_large', CLAIM_MESSAGES.photoSize));
        if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE')
          return next(badRequest(`Send at most ${MAX_PHOTOS_PER_UPLOAD} photos at a time, in the field named photos.`, 'too_many_photos'));
        return next(badRequest(`The upload could not be read (${error.message}).`, 'bad_upload'));
      }
      next(badRequest('The upload could not be read. Try again.', 'bad_upload'));
    });
  };
}

const uploadedPhotos = (req: Request): UploadedPhoto[] => (Array.isArray(req.files) ? (req.files as UploadedPhoto[]) : []);

function sendPdf(res: Response, bytes: Uint8Array, fileName: string) {
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'private, no-store' }).send(Buffer.from(bytes));
}

export function dashboardRouter(context: AppContext): Router {
  const { db, env, mailer, sessions } = context;
  const blobs = createBlobStore(env);
  const issuer = { legalName: env.BUSINESS_LEGAL_NAME, abn: env.BUSINESS_ABN };
  const router = Router();

  async function recipientOf(userId: string): Promise<Recipient> {
    const user = await db.user.findUnique({ where: { id: userId } });
    if (!user) throw notFound('That member does not exist.');
    return { name: displayName(user), businessName: user.businessName, email: user.email, address: user.address };
  }

  async function visibleClaim(req: Request, access: 'read' | 'write') {
    const row = await findClaim(db, parseInput(recordIdSchema, req.params['id']));
    if (!row) throw notFound(CLAIM_NOT_FOUND);
    await assertVisible(db, req, row.userId, access, CLAIM_NOT_FOUND);
    return row;
  }

  async function visibleInvoice(req: Request, access: 'read' | 'write') {
    const row = await findInvoice(db, parseInput(recordIdSchema, req.params['id']));
    if (!row) throw notFound(INVOICE_NOT_FOUND);
    await assertVisible(db, req, row.userId, access, INVOICE_NOT_FOUND);
    return row;
  }

  // ---- Overview -------------------------------------------------------------------------------

  router.get('/dashboard/overview', requireUser, async (req, res) => {
    const { memberId } = parseInput(memberQuerySchema, req.query);
    const member = await memberInScope(db, req, memberId, 'read');
    const self = signedInUser(req).id === member.id;
    const [protections, invoices, claims, drafts, savedEstimates] = await Promise.all([
      listProtections(db, member.id),
      listInvoices(db, member.id),
      listClaims(db, member.id),
      // The overview lists drafts to the member only; a broker resumes a client's draft in the wizard (docs/quote-wizard.md).
      self ? db.draft.findMany({ where: { userId: member.id, status: { not: 'COMPLETED' } }, orderBy: { updatedAt: 'desc' }, take: 5 }) : [],
      self ? db.savedEstimate.findMany({ where: { userId: member.id }, orderBy: { createdAt: 'desc' }, take: 5 }) : [],
    ]);
    const today = perthToday();
    const owing = invoices.filter((i) => i.outstandingCents > 0);
    const overdueCents = owing.reduce((sum, i) => sum + (i.status === 'overdue' ? invoiceStanding(i.schedule.filter((s) => s.dueDate <= today), i.paidCents, today).outstandingCents : 0), 0);
    // The next date anything is due, and everything due on it (a fee and a contribution often share a date).
    const dues = owing.filter((i) => i.nextDue).map((i) => ({ dueDate: i.nextDue!.dueDate, amountCents: i.nextDue!.amountCents, invoiceNumber: i.number }));
    const firstDate = dues.map((d) => d.dueDate).sort()[0];
    const onFirstDate = dues.filter((d) => d.dueDate === firstDate);
    const next = firstDate
      ? { dueDate: firstDate, amountCents: onFirstDate.reduce((sum, d) => sum + d.amountCents, 0), invoiceNumbers: onFirstDate.map((d) => d.invoiceNumber) }
      : undefined;
    const keyDates = [
      ...owing.filter((i) => i.nextDue).map((i) => ({ date: i.nextDue!.dueDate, label: `Payment due on ${i.number} (${PAYMENT_OPTION_LABELS[i.paymentOption].toLowerCase()})` })),
      ...protections.filter((p) => p.status !== 'ended').map((p) => ({ date: p.endsOn, label: `${p.coverageDescription} protection for ${p.season} ends` })),
    ]
      .filter((d) => d.date >= today)
      .sort((a, b) => a.date.localeCompare(b.date));
    const overview: OverviewView = {
      member: { id: member.id, name: displayName(member) },
      protections,
      owed: { outstandingCents: owing.reduce((sum, i) => sum + i.outstandingCents, 0), overdueCents, next: next ?? null },
      openClaims: claims
        .filter((c) => isOpenClaim(c.status))
        .map(({ id, reference, peril, eventDate, status, estimatedLossCents }) => ({ id, reference, peril, eventDate, status, estimatedLossCents })),
      drafts: drafts.map((d) => ({ id: d.id, step: d.step, updatedAt: d.updatedAt.toISOString() })),
      savedEstimates: savedEstimates.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString() })),
      keyDates,
    };
    res.json(overview);
  });

  // ---- Protection -----------------------------------------------------------------------------

  router.get('/dashboard/protections', requireUser, async (req, res) => {
    const { memberId } = parseInput(memberQuerySchema, req.query);
    const member = await memberInScope(db, req, memberId, 'read');
    res.json({ protections: await listProtections(db, member.id) });
  });

  // Staff move an application along; acceptance is what issues its invoices.
  router.put('/dashboard/protections/:id/status', requireAdmin, async (req, res) => {
    const protection = await findProtection(db, parseInput(recordIdSchema, req.params['id']));
    if (!protection) throw notFound(PROTECTION_NOT_FOUND);
    const { status } = parseInput(protectionStatusInputSchema, req.body);
    if (!canMoveProtection(protection.status, status)) throw conflict(`An application cannot move from ${protection.status} to ${status}.`, 'protection_status_move');
    // Accepting an application commits the mutual to it: who moved it, and from what, is kept with the move.
    await db.$transaction([
      db.protectionApplication.update({ where: { id: protection.id }, data: { status } }),
      db.auditLog.create({
        data: { actorId: signedInUser(req).id, customerId: protection.userId, action: APPLICATION_STATUS_AUDIT_ACTION, details: { applicationId: protection.id, from: protection.status, to: status } },
      }),
    ]);
    res.json({ protection: await findProtection(db, protection.id) });
  });

  router.get('/dashboard/protections/:id/summary.pdf', requireUser, async (req, res) => {
    const protection = await findProtection(db, parseInput(recordIdSchema, req.params['id']));
    if (!protection) throw notFound(PROTECTION_NOT_FOUND);
    await assertVisible(db, req, protection.userId, 'read', PROTECTION_NOT_FOUND);
    sendPdf(res, await protectionSummaryPdf(protection, await recipientOf(protection.userId), issuer), `protection-${protection.season}-${protection.id}.pdf`);
  });

  // ---- Claims ---------------------------------------------------------------------------------

  router.get('/claims', requireUser, async (req, res) => {
    const { memberId } = parseInput(memberQuerySchema, req.query);
    const member = await memberInScope(db, req, memberId, 'read');
    res.json({ claims: await listClaims(db, member.id) });
  });

  router.get('/claims/:id', requireUser, async (req, res) => {
    res.json({ claim: presentClaim(await visibleClaim(req, 'read')) });
  });

  /**
   * Whose claim this is comes from ?memberId= and is checked before multer reads a byte of the
   * body, as for adding photos: a broker who may not write for that member is answered at once.
   */
  const writableMember: RequestHandler = async (req, res, next) => {
    const { memberId } = parseInput(memberQuerySchema, req.query);
    res.locals['member'] = await memberInScope(db, req, memberId, 'write');
    next();
  };

  router.post('/claims', requireUser, writableMember, photoUpload(), async (req, res) => {
    const input = parseInput(lodgeClaimSchema, req.body);
    const member = res.locals['member'] as Awaited<ReturnType<typeof memberInScope>>;
    const photos = checkPhotos(uploadedPhotos(req), 0);
    const claim = await lodgeClaim(db, blobs, { ...input, userId: member.id }, photos, signedInUser(req).id);
    res.status(201).json({ claim: presentClaim((await findClaim(db, claim.id))!) });
  });

  /**
   * Who may add photos is decided before multer reads a byte of the body: a caller who may not write
   * the claim (or a closed claim) is answered at once, so nobody can make the server buffer 60 MB
   * of photos for a claim that is not theirs.
   */
  const writableOpenClaim: RequestHandler = async (req, res, next) => {
    const claim = await visibleClaim(req, 'write');
    if (!isOpenClaim(presentClaim(claim).status)) throw conflict(CLAIM_MESSAGES.claimClosed, 'claim_closed');
    res.locals['claim'] = claim;
    next();
  };

  router.post('/claims/:id/photos', requireUser, writableOpenClaim, photoUpload(), async (req, res) => {
    const claim = res.locals['claim'] as ClaimRow;
    const files = uploadedPhotos(req);
    if (files.length === 0) throw badRequest('Choose at least one photo.', 'no_photos');
    await attachPhotos(db, blobs, claim, checkPhotos(files, claim.photos.length), signedInUser(req).id);
    res.status(201).json({ claim: presentClaim((await findClaim(db, claim.id))!) });
  });

  router.post('/claims/:id/messages', requireUser, async (req, res) => {
    const user = signedInUser(req);
    const claim = await findClaim(db, parseInput(recordIdSchema, req.params['id']));
    if (!claim) throw notFound(CLAIM_NOT_FOUND);
    // Staff (administrators) answer any claim; the member and their broker write on their own.
    const fromStaff = isAdministrator(user) && user.id !== claim.userId;
    if (!fromStaff) await assertVisible(db, req, claim.userId, 'write', CLAIM_NOT_FOUND);
    const { body } = parseInput(claimMessageInputSchema, req.body);
    await db.claimMessage.create({ data: { claimId: claim.id, authorId: user.id, fromStaff, body } });
    await db.claim.update({ where: { id: claim.id }, data: { updatedAt: new Date() } });
    if (fromStaff) await notifyMember(db, mailer, claim, { message: body });
    res.status(201).json({ claim: presentClaim((await findClaim(db, claim.id))!) });
  });

  router.put('/claims/:id/status', requireAdmin, async (req, res) => {
    const claim = await findClaim(db, parseInput(recordIdSchema, req.params['id']));
    if (!claim) throw notFound(CLAIM_NOT_FOUND);
    const { status, message } = parseInput(claimStatusInputSchema, req.body);
    const from = presentClaim(claim).status;
    if (!canMoveClaim(from, status)) throw conflict(`${CLAIM_MESSAGES.statusMove} (${from} → ${status})`, 'claim_status_move');
    await db.$transaction([
      db.claim.update({
        where: { id: claim.id },
        data: { status, messages: { create: { authorId: signedInUser(req).id, fromStaff: true, status, body: message ?? `Status changed to ${status.replace('_', ' ')}.` } } },
      }),
      db.auditLog.create({ data: { actorId: signedInUser(req).id, customerId: claim.userId, action: CLAIM_STATUS_AUDIT_ACTION, details: { claimId: claim.id, reference: claim.reference, from, to: status } } }),
    ]);
    await notifyMember(db, mailer, claim, { status, message });
    res.json({ claim: presentClaim((await findClaim(db, claim.id))!) });
  });

  // ---- Payments -------------------------------------------------------------------------------

  router.get('/invoices', requireUser, async (req, res) => {
    const { memberId } = parseInput(memberQuerySchema, req.query);
    const member = await memberInScope(db, req, memberId, 'read');
    res.json({ invoices: await listInvoices(db, member.id) });
  });

  router.put('/invoices/:id/payment-option', requireUser, async (req, res) => {
    const invoice = await visibleInvoice(req, 'write');
    const { paymentOption } = parseInput(paymentOptionInputSchema, req.body);
    if (!presentInvoice(invoice).canChangeOption) throw conflict('Payments have been received on this invoice, so its payment option can no longer change. Call us to rearrange it.', 'payment_option_locked');
    const oldFile = invoice.documentFileId;
    await db.invoice.update({ where: { id: invoice.id }, data: { paymentOption, paymentOptionSetAt: new Date(), documentFileId: null } });
    if (oldFile) await dropFile(oldFile);
    res.json({ invoice: presentInvoice((await findInvoice(db, invoice.id))!) });
  });

  async function dropFile(fileId: string) {
    const file = await db.storedFile.findUnique({ where: { id: fileId } });
    if (!file) return;
    await db.storedFile.delete({ where: { id: fileId } });
    await blobs.delete(file.storageKey).catch(() => undefined);
  }

  /** The stored PDF, or a new one generated, kept in the blob store and served from then on. */
  async function storedPdf(existingId: string | null, ownerId: string, kind: 'invoice_pdf' | 'receipt_pdf', fileName: string, make: () => Promise<Uint8Array>, remember: (fileId: string) => Promise<unknown>) {
    if (existingId) {
      const file = await db.storedFile.findUnique({ where: { id: existingId } });
      const bytes = file && (await blobs.get(file.storageKey));
      if (bytes) return bytes;
    }
    const bytes = await make();
    const file = await storeFile(db, blobs, { ownerId, kind, fileName, contentType: 'application/pdf', extension: 'pdf', bytes, uploadedById: null });
    await remember(file.id);
    return bytes;
  }

  router.get('/invoices/:id/pdf', requireUser, async (req, res) => {
    const invoice = await visibleInvoice(req, 'read');
    const fileName = `${invoice.number}.pdf`;
    const bytes = await storedPdf(
      invoice.documentFileId,
      invoice.userId,
      'invoice_pdf',
      fileName,
      async () => invoicePdf(presentInvoice(invoice), await recipientOf(invoice.userId), issuer),
      (fileId) => db.invoice.update({ where: { id: invoice.id }, data: { documentFileId: fileId } }),
    );
    sendPdf(res, bytes, fileName);
  });

  router.post('/invoices/:id/payments', requireAdmin, async (req, res) => {
    const invoice = await findInvoice(db, parseInput(recordIdSchema, req.params['id']));
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    const input = parseInput(recordPaymentInputSchema, req.body);
    const outstanding = presentInvoice(invoice).outstandingCents;
    if (input.amountCents > outstanding) throw badRequest(`Only ${formatCents(outstanding)} is outstanding on this invoice.`, 'overpayment');
    await withSequentialNumber(
      () => db.invoicePayment.count(),
      `RCT-${invoice.season}`,
      (receiptNumber) =>
        db.$transaction([
          db.invoicePayment.create({ data: { ...input, invoiceId: invoice.id, receiptNumber, recordedById: signedInUser(req).id } }),
          db.auditLog.create({
            data: {
              actorId: signedInUser(req).id,
              customerId: invoice.userId,
              action: PAYMENT_AUDIT_ACTION,
              details: { invoiceId: invoice.id, invoiceNumber: invoice.number, receiptNumber, amountCents: input.amountCents, receivedOn: input.receivedOn, method: input.method, reference: input.reference ?? null },
            },
          }),
        ]),
    );
    // The invoice PDF shows what was paid, so it is drawn again next time.
    if (invoice.documentFileId) {
      await db.invoice.update({ where: { id: invoice.id }, data: { documentFileId: null } });
      await dropFile(invoice.documentFileId);
    }
    res.status(201).json({ invoice: presentInvoice((await findInvoice(db, invoice.id))!) });
  });

  router.get('/invoices/:id/payments/:paymentId/receipt', requireUser, async (req, res) => {
    const invoice = await visibleInvoice(req, 'read');
    const paymentId = parseInput(recordIdSchema, req.params['paymentId']);
    const index = invoice.payments.findIndex((p) => p.id === paymentId);
    const payment = invoice.payments[index];
    if (!payment) throw notFound('Receipt not found.');
    const view = presentInvoice(invoice);
    const paidThrough = invoice.payments.slice(0, index + 1).reduce((sum, p) => sum + p.amountCents, 0);
    const fileName = `${payment.receiptNumber}.pdf`;
    const bytes = await storedPdf(
      payment.receiptFileId,
      invoice.userId,
      'receipt_pdf',
      fileName,
      async () => receiptPdf(view, view.payments[index]!, invoice.totalCents - paidThrough, await recipientOf(invoice.userId), issuer),
      (fileId) => db.invoicePayment.update({ where: { id: payment.id }, data: { receiptFileId: fileId } }),
    );
    sendPdf(res, bytes, fileName);
  });

  // ---- Your Farm ------------------------------------------------------------------------------

  router.get('/farm/paddocks', requireUser, async (req, res) => {
    const { memberId } = parseInput(memberQuerySchema, req.query);
    const member = await memberInScope(db, req, memberId, 'read');
    const rows = await db.farmPaddock.findMany({ where: { userId: member.id }, orderBy: { sortOrder: 'asc' } });
    if (rows.length > 0) {
      const paddocks: FarmPaddockView[] = rows.map(({ id, name, crop, variety, areaHa, expectedYield, pricePerTonne, hurdlePercentage, geometry, notes }) => ({
        id,
        name,
        crop,
        variety,
        areaHa,
        expectedYield,
        pricePerTonne,
        hurdlePercentage,
        geometry: geometry ?? null,
        notes,
      }));
      return res.json({ source: 'farm', paddocks });
    }
    // Until the member keeps their own list, the farm is the paddocks of their latest protection.
    const latest = (await listProtections(db, member.id))[0];
    if (!latest) return res.json({ source: 'none', paddocks: [] });
    const paddocks: FarmPaddockView[] = latest.paddocks
      .filter((p) => !p.isExcluded)
      .map(({ id, name, crop, variety, areaHa, expectedYield, pricePerTonne, hurdlePercentage, geometry }) => ({ id, name, crop, variety, areaHa, expectedYield, pricePerTonne, hurdlePercentage, geometry, notes: null }));
    res.json({ source: 'protection', paddocks });
  });

  router.put('/farm/paddocks', requireUser, async (req, res) => {
    const { memberId } = parseInput(memberQuerySchema, req.query);
    const member = await memberInScope(db, req, memberId, 'write');
    const { paddocks } = parseInput(farmPaddocksInputSchema, req.body);
    const names = new Set<string>();
    for (const paddock of paddocks) {
      const key = paddock.name.toLowerCase();
      if (names.has(key)) throw badRequest(`Two paddocks are named “${paddock.name}”; give each its own name.`, 'duplicate_paddock_name');
      names.add(key);
    }
    await db.$transaction([
      db.farmPaddock.deleteMany({ where: { userId: member.id } }),
      db.farmPaddock.createMany({
        data: paddocks.map(({ id: _id, geometry, ...paddock }, sortOrder) => ({ ...paddock, geometry: (geometry ?? undefined) as object | undefined, userId: member.id, sortOrder })),
      }),
    ]);
    const rows = await db.farmPaddock.findMany({ where: { userId: member.id }, orderBy: { sortOrder: 'asc' } });
    res.json({ source: 'farm', paddocks: rows.map(({ userId: _u, sortOrder: _s, createdAt: _c, updatedAt: _up, ...rest }) => ({ ...rest, geometry: rest.geometry ?? null })) });
  });

  // ---- Reports --------------------------------------------------------------------------------

  async function reportFor(req: Request) {
    const { memberId, season } = parseInput(reportQuerySchema, req.query);
    const member = await memberInScope(db, req, memberId, 'read');
    const [protections, claims] = await Promise.all([listProtections(db, member.id), listClaims(db, member.id)]);
    const report = seasonReport(
      protections.map((p) => ({ id: p.id, season: p.season, coverageDescription: p.coverageDescription, contributionCents: p.displayedPremiumCents, paddocks: p.paddocks })),
      claims.filter((c) => c.status !== 'withdrawn'),
      season,
    );
    return { member, report };
  }

  router.get('/reports/season', requireUser, async (req, res) => {
    res.json((await reportFor(req)).report);
  });

  router.get('/reports/season.csv', requireUser, async (req, res) => {
    const { member, report } = await reportFor(req);
    const name = `${member.lastName}-${report.season ?? 'season'}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="season-report-${name}.csv"`, 'Cache-Control': 'private, no-store' }).send(seasonReportCsv(report));
  });

  // ---- Brokers --------------------------------------------------------------------------------

  router.get('/broker/clients', requireUser, async (req, res) => {
    const user = signedInUser(req);
    if (!user.isBroker) throw forbidden('Only brokers have clients.');
    const clients = await db.user.findMany({ where: { brokerId: user.id }, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }] });
    const ids = clients.map((c) => c.id);
    const [paddocks, drafts, estimates, applications, claims] = await Promise.all([
      db.farmPaddock.findMany({ where: { userId: { in: ids } }, select: { userId: true, areaHa: true } }),
      db.draft.groupBy({ by: ['userId'], where: { userId: { in: ids }, status: { not: 'COMPLETED' } }, _count: { _all: true } }),
      db.savedEstimate.groupBy({ by: ['userId'], where: { userId: { in: ids } }, _count: { _all: true } }),
      Promise.all(ids.map((id) => listProtections(db, id))),
      db.claim.findMany({ where: { userId: { in: ids } }, orderBy: { createdAt: 'desc' }, select: { id: true, userId: true, reference: true, status: true, peril: true } }),
    ]);
    const result: ClientView[] = clients.map((client, index) => {
      const own = paddocks.filter((p) => p.userId === client.id);
      const protections = applications[index] ?? [];
      const farm = own.length > 0 ? own : (protections[0]?.paddocks.filter((p) => !p.isExcluded) ?? []);
      return {
        id: client.id,
        name: displayName(client),
        businessName: client.businessName,
        email: client.email,
        phone: client.phone,
        farm: { paddocks: farm.length, areaHa: Math.round(farm.reduce((sum, p) => sum + p.areaHa, 0) * 10) / 10 },
        quotes: { drafts: drafts.find((d) => d.userId === client.id)?._count._all ?? 0, savedEstimates: estimates.find((e) => e.userId === client.id)?._count._all ?? 0 },
        protections: protections.map((p) => ({ id: p.id, status: p.status, season: p.season, coverageDescription: p.coverageDescription, totalPayableCents: p.totalPayableCents })),
        claims: claims
          .filter((c) => c.userId === client.id)
          .map((c) => ({ id: c.id, reference: c.reference, status: claimStatusOf(c.status), peril: c.peril === 'fire' ? 'fire' : 'hail' })),
      };
    });
    res.json({ clients: result });
  });

  /** One client's account, for the quote the broker starts in the client's name; anyone else's answers 404. */
  router.get('/broker/clients/:id', requireUser, async (req, res) => {
    const user = signedInUser(req);
    if (!user.isBroker) throw forbidden('Only brokers have clients.');
    const id = parseInput(recordIdSchema, req.params['id']);
    const client = await db.user.findFirst({ where: { id, brokerId: user.id } });
    if (!client || client.id === user.id) throw notFound('That member is not one of your clients.');
    const { email, firstName, lastName, phone, address, businessName, abn, allowMarketing, referredByCode } = client;
    const body: { client: ClientAccount } = { client: { id, name: displayName(client), email, firstName, lastName, phone, address, businessName, abn, allowMarketing, referredByCode } };
    res.json(body);
  });

  // ---- Settings -------------------------------------------------------------------------------

  const defaultPreferences = { claimUpdates: true, paymentReminders: true, renewalReminders: true };

  router.get('/user/preferences', requireUser, async (req, res) => {
    const row = await db.memberPreference.findUnique({ where: { userId: signedInUser(req).id } });
    res.json({ preferences: row ? { claimUpdates: row.claimUpdates, paymentReminders: row.paymentReminders, renewalReminders: row.renewalReminders } : defaultPreferences });
  });

  router.put('/user/preferences', requireUser, async (req, res) => {
    const userId = signedInUser(req).id;
    const changes = parseInput(emailPreferencesInputSchema, req.body);
    const row = await db.memberPreference.upsert({ where: { userId }, create: { userId, ...defaultPreferences, ...changes }, update: changes });
    res.json({ preferences: { claimUpdates: row.claimUpdates, paymentReminders: row.paymentReminders, renewalReminders: row.renewalReminders } });
  });

  router.get('/user/sessions', requireUser, async (req, res) => {
    const list = await userSessions(sessions.store, sessions.secret, signedInUser(req).id, req.sessionID);
    res.json({ sessions: list.map(({ sid: _sid, ...session }) => session) });
  });

  router.delete('/user/sessions/:id', requireUser, async (req, res) => {
    const reference = parseInput(recordIdSchema, req.params['id']);
    const list = await userSessions(sessions.store, sessions.secret, signedInUser(req).id, req.sessionID);
    const target = list.find((s) => s.id === reference);
    if (!target) throw notFound('That session has already ended.');
    if (target.current) throw badRequest('This is the session you are using; sign out instead.', 'current_session');
    await destroySession(sessions.store, target.sid);
    res.status(204).end();
  });

  router.delete('/user/sessions', requireUser, async (req, res) => {
    const list = await userSessions(sessions.store, sessions.secret, signedInUser(req).id, req.sessionID);
    const others = list.filter((s) => !s.current);
    for (const session of others) await destroySession(sessions.store, session.sid);
    res.json({ ended: others.length });
  });

  // ---- Files ----------------------------------------------------------------------------------

  router.get('/files/:id', requireUser, async (req, res) => {
    const file = await db.storedFile.findUnique({ where: { id: parseInput(recordIdSchema, req.params['id']) } });
    if (!file) throw notFound(FILE_NOT_FOUND);
    await assertVisible(db, req, file.ownerId, 'read', FILE_NOT_FOUND);
    const bytes = await blobs.get(file.storageKey);
    if (!bytes) throw notFound('The file is no longer in storage.', 'file_missing');
    res
      .set({
        'Content-Type': file.contentType,
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `inline; filename="${file.fileName.replace(/"/g, '')}"`,
        'Cache-Control': 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      })
      .send(Buffer.from(bytes));
  });

  return router;
}
