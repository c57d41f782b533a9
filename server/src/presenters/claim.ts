/**
 * A claim as the API shows it (ClaimView of shared/contracts/claims.ts), with its hurdle worked
 * out by the shared rule. Money is in integer cents and every money field says so (…Cents).
 */
import type { AlertKind } from '@shared/contracts/alert-kinds';
import { type AdminClaim, CLAIM_STATUSES, type ClaimCorroboration, type ClaimStatus, type ClaimView } from '@shared/contracts/claims';
import { hurdleOutcome } from '@shared/domain/claims/claims';
import type { Database } from '../db/client';
import { fileUrl } from './stored-file';

/** What a claim is read with to present it (presentClaim). */
export const claimInclude = {
  photos: { include: { file: true }, orderBy: { createdAt: 'asc' } },
  messages: { orderBy: { createdAt: 'asc' } },
  alertEvent: { select: { id: true, kind: true, title: true, effectiveAt: true } },
} as const;
export type ClaimRow = NonNullable<Awaited<ReturnType<Database['claim']['findFirst']>>> & {
  photos: Array<Awaited<ReturnType<Database['claimPhoto']['findMany']>>[number] & { file: NonNullable<Awaited<ReturnType<Database['storedFile']['findFirst']>>> }>;
  messages: Awaited<ReturnType<Database['claimMessage']['findMany']>>;
  alertEvent: { id: string; kind: string; title: string; effectiveAt: Date } | null;
};

export const claimStatusOf = (value: string): ClaimStatus => ((CLAIM_STATUSES as readonly string[]).includes(value) ? (value as ClaimStatus) : 'lodged');

export function presentClaim(row: ClaimRow): ClaimView {
  const affectedPaddocks = row.affectedPaddocks as ClaimView['affectedPaddocks'];
  const { hurdleCents, valueCents, aboveHurdleCents, lossPercentage, clearsHurdle, explanation } = hurdleOutcome(affectedPaddocks, row.estimatedLossCents);
  return {
    id: row.id,
    reference: row.reference,
    userId: row.userId,
    applicationId: row.applicationId,
    peril: row.peril === 'fire' ? 'fire' : 'hail',
    eventDate: row.eventDate,
    status: claimStatusOf(row.status),
    estimatedLossCents: row.estimatedLossCents,
    description: row.description,
    affectedPaddocks,
    hurdle: { hurdleCents, valueCents, aboveHurdleCents, lossPercentage, clearsHurdle, explanation },
    photos: row.photos.map((photo) => ({
      id: photo.id,
      fileId: photo.fileId,
      url: fileUrl(photo.fileId),
      fileName: photo.file.fileName,
      sizeBytes: photo.file.sizeBytes,
      takenAt: photo.takenAt?.toISOString() ?? null,
      latitude: photo.latitude,
      longitude: photo.longitude,
      uploadedAt: photo.createdAt.toISOString(),
    })),
    messages: row.messages.map((m) => ({
      id: m.id,
      fromStaff: m.fromStaff,
      author: m.fromStaff ? 'staff' : m.authorId === row.userId ? 'member' : 'broker',
      body: m.body,
      status: m.status ? claimStatusOf(m.status) : null,
      createdAt: m.createdAt.toISOString(),
    })),
    alertEvent: row.alertEvent && { id: row.alertEvent.id, kind: row.alertEvent.kind as AlertKind, title: row.alertEvent.title, effectiveAt: row.alertEvent.effectiveAt.toISOString() },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Claims as staff list them: with the member's name and address (or that the account is gone) and the corroboration found for each. */
export function presentStaffClaims(claims: ClaimView[], members: Array<{ id: string; email: string; firstName: string; lastName: string }>, corroborations: ClaimCorroboration[]): AdminClaim[] {
  const byId = new Map(members.map((member) => [member.id, member]));
  return claims.map((claim, index) => {
    const owner = byId.get(claim.userId);
    return { ...claim, memberName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : '(account deleted)', memberEmail: owner?.email ?? '', corroboration: corroborations[index]! };
  });
}
