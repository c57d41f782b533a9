/**
 * Claims: lodging with photos, the conversation with staff and status changes. Each command that
 * writes more than one row writes them in one transaction (docs/architecture.md 'Commands').
 */
import { type AdminClaim, type AdminClaimsEvent, type AdminClaimsQuery, CLAIM_MESSAGES, CLAIM_STATUSES, type LodgeClaimForm, type ClaimStatus, type ClaimView } from '@shared/contracts/claims';
import { answersInformationRequest, CLAIM_PERIL_LABELS, CLAIM_STATUS_LABELS, claimEventDateProblem } from '@shared/domain/claims/claims';
import { perthToday } from '@shared/perth-time';
import { canLodgeClaim, claimBeforeCoverMessage } from '@shared/domain/protection/lifecycle';
import type { Reader } from '@shared/domain/reader';
import { coverageIncludes } from '@shared/domain/protection/protection';
import { detectPhotoType, MAX_PHOTOS_PER_CLAIM, PHOTO_EXTENSIONS, photoTooManyPixelsMessage, photoUnreadableMessage, withinPhotoPixelLimits } from '@shared/domain/claims/uploads';
import { toCents } from '@shared/domain/pricing/money';
import { formatDate } from '@shared/format';
import type { AppContext } from '../../context';
import type { Database, DatabaseWriter } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import type { DatabaseProvider } from '../../db/provider';
import { auditEntry } from '../../lib/audit-log';
import { AppError, badRequest } from '../../lib/app-error';
import { type BlobStore, sha256Hex } from '../../lib/blob-store';
import { email } from '../../lib/email-layout';
import { readImageSize } from '../../lib/images';
import { type Mailer, writtenInTransaction } from '../../lib/mail-queue';
import { isUniqueViolation, withSequentialNumber } from '../../lib/sequential-number';
import { claimInclude, presentClaim, presentStaffClaims } from '../../presenters/claim';
import { type PhotoMetadata, readPhotoMetadata, stageFiles } from '../files/files.service';
import { coverStartDayOf, findProtection } from '../protection/protections.service';
import { claimsUnderEvent, corroborateClaims, memberReceivedAlert } from '../alerts/alerts.service';
import { idsOfUsersMatching } from '../accounts/users.service';
import { staffRecordsBeside } from '../staff-records/staff-records.service';

export async function listClaims(db: Database, userId: string): Promise<ClaimView[]> {
  const rows = await db.claim.findMany({ where: { userId }, include: claimInclude, orderBy: { createdAt: 'desc' } });
  return rows.map(presentClaim);
}

/** Staff's list of every member's claims, last changed first, each with its member and whether a stored event bears it out. */
export async function listStaffClaims(
  db: Database,
  provider: DatabaseProvider,
  { status, peril, member, event: eventId, page, pageSize }: AdminClaimsQuery,
): Promise<{ claims: AdminClaim[]; event: AdminClaimsEvent | null; total: number }> {
  const memberIds = member ? await idsOfUsersMatching(db, provider, member) : undefined;
  const underEvent = eventId ? await claimsUnderEvent(db, eventId) : undefined;
  const where: Prisma.ClaimWhereInput = { ...(status ? { status } : {}), ...(peril ? { peril } : {}), ...(memberIds ? { userId: { in: memberIds } } : {}), ...underEvent?.where };
  const [total, rows, tally] = await Promise.all([
    db.claim.count({ where }),
    db.claim.findMany({ where, include: claimInclude, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * pageSize, take: pageSize }),
    underEvent ? claimsTally(db, underEvent.where) : undefined,
  ]);
  const members = await db.user.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.userId))] } }, select: { id: true, email: true, firstName: true, lastName: true } });
  const claims = rows.map(presentClaim);
  return { claims: presentStaffClaims(claims, members, await corroborateClaims(db, claims)), event: underEvent && tally ? { ...underEvent.event, tally } : null, total };
}

/** How many claims `where` holds and their estimated loss, in all and per status (in the statuses' order, none empty). */
async function claimsTally(db: Database, where: Prisma.ClaimWhereInput): Promise<AdminClaimsEvent['tally']> {
  const groups = await db.claim.groupBy({ by: ['status'], where, _count: { _all: true }, _sum: { estimatedLossCents: true } });
  const byStatus = CLAIM_STATUSES.flatMap((status) => {
    const group = groups.find((candidate) => candidate.status === status);
    return group ? [{ status, claims: group._count._all, estimatedLossCents: group._sum.estimatedLossCents ?? 0 }] : [];
  });
  return {
    claims: byStatus.reduce((total, row) => total + row.claims, 0),
    estimatedLossCents: byStatus.reduce((total, row) => total + row.estimatedLossCents, 0),
    byStatus,
  };
}

export async function findClaim(db: Database, id: string) {
  return db.claim.findUnique({ where: { id }, include: claimInclude });
}

export interface UploadedPhoto {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/**
 * Checks every photo before anything is kept: the bytes must be a JPEG, PNG, HEIC or WebP, and an
 * image sharp can read must be within the pixel limits (its header is read, no pixel is decoded:
 * docs/security.md). A HEIC that sharp cannot read is kept as today: no copy is ever
 * decoded from it. A JPEG, PNG or WebP that cannot be read is refused as damaged.
 */
export async function checkPhotos(photos: readonly UploadedPhoto[], alreadyHeld: number) {
  if (alreadyHeld + photos.length > MAX_PHOTOS_PER_CLAIM) throw badRequest(CLAIM_MESSAGES.tooManyPhotos, 'too_many_photos');
  const checked = [];
  for (const photo of photos) {
    const type = detectPhotoType(photo.buffer);
    if (!type) throw new AppError(415, 'unsupported_photo_type', `${CLAIM_MESSAGES.photoType} “${photo.originalname}” is not one.`);
    const size = await readImageSize(photo.buffer);
    if (size && !withinPhotoPixelLimits(size.width, size.height)) throw new AppError(422, 'photo_too_many_pixels', photoTooManyPixelsMessage(photo.originalname, size.width, size.height));
    if (!size && type !== 'image/heic') throw new AppError(422, 'photo_unreadable', photoUnreadableMessage(photo.originalname));
    const safeName = photo.originalname.replace(/[^\w .()-]/g, '_').slice(0, 120) || `photo.${PHOTO_EXTENSIONS[type]}`;
    checked.push({ ...photo, type, safeName });
  }
  return checked;
}

/**
 * The photos of an upload the claim does not hold yet, each once: the same bytes sent again (a
 * sending whose answer was lost, a photo chosen twice) are kept once.
 */
export function photosNotHeld<P extends { buffer: Buffer }>(photos: readonly P[], held: ReadonlyArray<{ file: { sha256: string } }> = []): P[] {
  const seen = new Set(held.map((photo) => photo.file.sha256));
  return photos.filter((photo) => {
    const sha256 = sha256Hex(photo.buffer);
    if (seen.has(sha256)) return false;
    seen.add(sha256);
    return true;
  });
}

type CheckedPhotos = Awaited<ReturnType<typeof checkPhotos>>;

/**
 * A member's photos with their bytes kept, ready to be put on a claim in the transaction that
 * writes it (`record`), or discarded when that transaction does not commit.
 */
async function stageClaimPhotos(blobs: BlobStore, ownerId: string, photos: CheckedPhotos, uploadedById: string) {
  const metadata: PhotoMetadata[] = [];
  for (const photo of photos) metadata.push(await readPhotoMetadata(photo.buffer));
  const staged = await stageFiles(
    blobs,
    photos.map((photo) => ({ ownerId, kind: 'claim_photo', fileName: photo.safeName, contentType: photo.type, extension: PHOTO_EXTENSIONS[photo.type], bytes: photo.buffer, uploadedById })),
  );
  const record = async (tx: DatabaseWriter, claimId: string) => {
    const files = await staged.record(tx);
    // A millisecond apart in the order sent: a claim lists its photos by when each was kept.
    const keptAt = Date.now();
    await tx.claimPhoto.createMany({ data: files.map((file, at) => ({ claimId, fileId: file.id, ...metadata[at], createdAt: new Date(keptAt + at) })) });
    return files;
  };
  return { record, discard: staged.discard };
}

/** Keeps the checked photos on the claim, all of them or none; answers the files kept, whose copies are queued once the command is done. */
export async function attachPhotos(db: Database, blobs: BlobStore, claim: { id: string; userId: string }, photos: CheckedPhotos, uploadedById: string) {
  const staged = await stageClaimPhotos(blobs, claim.userId, photos, uploadedById);
  try {
    return await db.$transaction((tx) => staged.record(tx, claim.id));
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/** The lodge form as parsed, for its member: a field the form gains is kept by the create below as it is. */
export type LodgeClaim = LodgeClaimForm & { userId: string };

/** The member's claim lodged with this Idempotency-Key, if there is one. */
const claimLodgedWith = (db: Database, userId: string, idempotencyKey: string) => db.claim.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey } } });

/**
 * Checks the claim against the protection and keeps it with its photos; either all of it is kept or
 * none. Answers the claim and the photos' files. With an Idempotency-Key the member has lodged with
 * before (the answer lost, the form sent again), or two at once, it keeps nothing new and answers
 * that claim, `replayed`, with no files.
 */
export async function lodgeClaim(db: Database, blobs: BlobStore, input: LodgeClaim, photos: CheckedPhotos, lodgedBy: { id: string; reader: Reader }, idempotencyKey?: string) {
  const earlier = idempotencyKey ? await claimLodgedWith(db, input.userId, idempotencyKey) : null;
  if (earlier) return { claim: earlier, files: [], replayed: true };
  const protection = await findProtection(db, input.applicationId);
  if (!protection || protection.userId !== input.userId) throw badRequest(CLAIM_MESSAGES.protectionNotFound, 'protection_not_found');
  if (!canLodgeClaim(protection.stage)) throw badRequest(claimBeforeCoverMessage(lodgedBy.reader), 'protection_not_claimable');
  if (!coverageIncludes(protection.coverageType, input.peril)) throw badRequest(CLAIM_MESSAGES.perilNotCovered, 'peril_not_covered');
  // An application with neither a payment nor its activation recorded (kept before either was) is taken from the day it was applied for.
  const startedOn = (await coverStartDayOf(db, protection)) ?? perthToday(new Date(protection.submittedAt));
  const dateProblem = claimEventDateProblem(input.eventDate, perthToday(), { startedOn, endsOn: protection.endsOn });
  if (dateProblem) throw badRequest(dateProblem.message, dateProblem.error);
  const paddocks = input.affectedPaddockIds.map((id) => protection.paddocks.find((p) => p.id === id && p.priced));
  if (paddocks.some((p) => !p)) throw badRequest(CLAIM_MESSAGES.paddockNotOnProtection, 'paddock_not_on_protection');
  if (input.alertEventId && !(await memberReceivedAlert(db, input.userId, input.alertEventId))) throw badRequest(CLAIM_MESSAGES.alertNotYours, 'alert_not_received');
  const affectedPaddocks = paddocks.map((p) => ({ paddockId: p!.id, name: p!.name, crop: p!.crop, areaHa: p!.areaHa, valueCents: p!.valueCents, hurdlePercentage: p!.hurdlePercentage ?? 0 }));
  const year = input.eventDate.slice(0, 4);
  // What the form says in other units or by reference is turned into the claim's own columns; the rest is kept as entered.
  const { affectedPaddockIds: _chosen, estimatedLossDollars, alertEventId, ...asEntered } = input;
  // The photos' bytes first, then the claim, its first message, its photos' files and their rows in one transaction.
  const staged = await stageClaimPhotos(blobs, input.userId, photos, lodgedBy.id);
  try {
    const lodged = await withSequentialNumber(
      () => db.claim.count({ where: { reference: { startsWith: `CLM-${year}-` } } }),
      `CLM-${year}`,
      'reference',
      (reference) =>
        db.$transaction(async (tx) => {
          const claim = await tx.claim.create({
            data: {
              ...asEntered,
              idempotencyKey: idempotencyKey ?? null,
              reference,
              affectedPaddocks,
              estimatedLossCents: toCents(estimatedLossDollars),
              alertEventId: alertEventId ?? null,
              lodgedById: lodgedBy.id,
              messages: {
                create: { authorId: lodgedBy.id, fromStaff: false, status: 'lodged', body: `Claim lodged for ${CLAIM_PERIL_LABELS[input.peril].toLowerCase()} damage on ${formatDate(input.eventDate)}.` },
              },
            },
          });
          return { claim, files: await staged.record(tx, claim.id) };
        }),
    );
    return { ...lodged, replayed: false };
  } catch (error) {
    await staged.discard();
    // The same key racing this request won: answer its claim.
    const winner = idempotencyKey && isUniqueViolation(error) ? await claimLodgedWith(db, input.userId, idempotencyKey) : null;
    if (winner) return { claim: winner, files: [], replayed: true };
    throw error;
  }
}

/** The audit action of a staff decision on a claim. */
export const CLAIM_STATUS_AUDIT_ACTION = 'claim.status_changed';

/** A hook a claim's change runs in its own transaction: the member's e-mail about it. */
type AlsoWrite = (tx: DatabaseWriter) => Promise<unknown>;

/**
 * A message on the claim's conversation, the claim shown as updated, and what the message sets going,
 * all in one transaction: staff's message is e-mailed to the member (if they want claim e-mails), and
 * the member's answer to staff's question goes to the support queue (modules/staff-records).
 */
export async function sendClaimMessage(
  context: Pick<AppContext, 'db' | 'mailer' | 'jobs' | 'logger'>,
  claim: { id: string; userId: string; reference: string; status: string },
  message: { authorId: string; fromStaff: boolean; body: string },
) {
  const { db, mailer } = context;
  const notice = writtenInTransaction(mailer, (tx) => queueClaimNotice({ writer: tx, mailer }, claim, { message: message.body }));
  const staffRecords = staffRecordsBeside(context);
  await db.$transaction(async (tx) => {
    const stored = await tx.claimMessage.create({ data: { claimId: claim.id, ...message }, select: { id: true } });
    await tx.claim.update({ where: { id: claim.id }, data: { updatedAt: new Date() } });
    if (message.fromStaff) await notice.write(tx);
    else if (answersInformationRequest(claim.status as ClaimStatus, message.fromStaff)) await staffRecords.keep(tx, { kind: 'claim-message', id: stored.id });
  });
  await notice.dispatch();
  await staffRecords.record();
}

/** Staff move a claim: the new status, its entry in the conversation and the audit entry are kept together. */
export async function moveClaim(
  db: Database,
  claim: { id: string; userId: string; reference: string },
  move: { actorId: string; from: ClaimStatus; to: ClaimStatus; message: string | undefined },
  alsoWrite: AlsoWrite = async () => undefined,
) {
  await db.$transaction(async (tx) => {
    await tx.claim.update({
      where: { id: claim.id },
      data: { status: move.to, messages: { create: { authorId: move.actorId, fromStaff: true, status: move.to, body: move.message ?? `Status changed to ${move.to.replace('_', ' ')}.` } } },
    });
    await auditEntry(tx, { actorId: move.actorId, customerId: claim.userId, action: CLAIM_STATUS_AUDIT_ACTION, details: { claimId: claim.id, reference: claim.reference, from: move.from, to: move.to } });
    await alsoWrite(tx);
  });
}

/**
 * The member's e-mail about a change of status or a message from staff (if they want claim e-mails),
 * queued in `writer`'s transaction, with the change; null when none goes.
 */
export async function queueClaimNotice(
  { writer, mailer }: { writer: DatabaseWriter; mailer: Mailer },
  claim: { userId: string; reference: string; id: string },
  what: { status?: ClaimStatus; message?: string },
): Promise<string | null> {
  const [member, preference] = await Promise.all([
    writer.user.findUnique({ where: { id: claim.userId }, select: { email: true, firstName: true } }),
    writer.memberPreference.findUnique({ where: { userId: claim.userId } }),
  ]);
  if (!member || preference?.claimUpdates === false) return null;
  const paragraphs = [
    `Hello ${member.firstName},`,
    what.status ? `Your claim ${claim.reference} is now: ${CLAIM_STATUS_LABELS[what.status]}.` : `There is a new message about your claim ${claim.reference}.`,
    ...(what.message ? [what.message] : []),
    'See the claim and reply under Claims in your dashboard.',
  ];
  return mailer.send(
    email({ to: member.email, subject: `Claim ${claim.reference}: ${what.status ? CLAIM_STATUS_LABELS[what.status] : 'new message'}`, blocks: paragraphs.map((paragraph) => ({ paragraph })) }),
    {
      writer,
    },
  );
}
