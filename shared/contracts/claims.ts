/**
 * Zod schemas of claims: what a member lodges (with photos, from an alert or not), the messages
 * and status moves between member and staff, and the claim as the member and staff see it.
 */
import { z } from 'zod';
import { ALERT_KINDS } from './alert-kinds';
import { calendarDate as isoDate, calendarDay, recordId as id, typedText as text } from './fields';
import { pageParam, pageSizeParam } from './paging';

/** The perils a claim can be for, and where a claim stands (labels and moves: shared/domain/claims/claims.ts). */
export const CLAIM_PERILS = ['hail', 'fire'] as const;
export type ClaimPeril = (typeof CLAIM_PERILS)[number];

export const CLAIM_STATUSES = ['lodged', 'under_assessment', 'information_requested', 'accepted', 'declined', 'paid', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_MESSAGES = {
  protectionNotFound: 'Choose one of your protections for this claim.',
  perilNotCovered: 'That protection does not cover this peril.',
  eventInFuture: 'The event date cannot be in the future.',
  paddockNotOnProtection: 'Each affected paddock must be one of the paddocks on the protection.',
  tooManyPhotos: 'A claim can hold at most 12 photos.',
  photoType: 'Photos must be JPEG, PNG, HEIC or WebP images.',
  photoSize: 'Each photo must be 10 MB or smaller.',
  claimClosed: 'This claim is closed; contact us to reopen it.',
  statusMove: 'A claim cannot move to that status from where it is.',
  alertNotYours: 'That alert did not cover any of your paddocks; start the claim again from your Alerts page.',
} as const;

/**
 * The form fields of POST /api/claims (multipart; affectedPaddockIds may repeat or be
 * comma-separated, and a paddock named twice is one paddock: counted twice, the claim's paddocks
 * would be worth more than the protection). Whose claim it is comes from ?memberId=, checked before
 * the upload is read.
 */
export const lodgeClaimSchema = z.object({
  applicationId: id,
  peril: z.enum(CLAIM_PERILS, 'Choose hail, or fire and lightning'),
  eventDate: calendarDay('Give the day of the damage as YYYY-MM-DD, for example 2026-11-14'),
  affectedPaddockIds: z
    .union([z.string(), z.array(z.string())], 'Choose at least one affected paddock')
    .transform((value) => [...new Set((Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean))])
    .pipe(z.array(id).min(1, 'Choose at least one affected paddock').max(200)),
  estimatedLossDollars: z.coerce.number('Enter the estimated loss in dollars').min(0, 'The estimated loss cannot be negative').max(100_000_000, 'That estimate is too large'),
  description: text(4000).min(10, 'Describe what happened in a sentence or two (at least 10 characters)'),
  /** The alert the member started the claim from (docs/alerts.md 'Claims from alerts'). */
  alertEventId: id.optional(),
});
export type LodgeClaimInput = z.input<typeof lodgeClaimSchema>;
export type LodgeClaimForm = z.output<typeof lodgeClaimSchema>;

export const claimMessageInputSchema = z.object({ body: text(4000).min(1, 'Write a message') });
export const claimStatusInputSchema = z.object({ status: z.enum(CLAIM_STATUSES), message: text(4000).optional() });

export const claimPhotoSchema = z.object({
  id: z.string(),
  fileId: z.string(),
  url: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  takenAt: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  uploadedAt: z.string(),
});
export type ClaimPhotoView = z.infer<typeof claimPhotoSchema>;

export const claimAffectedPaddockSchema = z.object({
  paddockId: z.string(),
  name: z.string(),
  crop: z.string().nullable(),
  areaHa: z.number(),
  valueCents: z.number().int(),
  hurdlePercentage: z.number(),
});

export const claimSchema = z.object({
  id: z.string(),
  reference: z.string(),
  userId: z.string(),
  applicationId: z.string(),
  peril: z.enum(CLAIM_PERILS),
  eventDate: isoDate,
  status: z.enum(CLAIM_STATUSES),
  estimatedLossCents: z.number().int(),
  description: z.string(),
  affectedPaddocks: z.array(claimAffectedPaddockSchema),
  hurdle: z.object({
    hurdleCents: z.number().int(),
    valueCents: z.number().int(),
    aboveHurdleCents: z.number().int(),
    lossPercentage: z.number(),
    clearsHurdle: z.boolean(),
    explanation: z.string(),
  }),
  photos: z.array(claimPhotoSchema),
  /** The storm or fire alert the claim was started from; null when lodged without one. */
  alertEvent: z.object({ id: z.string(), kind: z.enum(ALERT_KINDS), title: z.string(), effectiveAt: z.string() }).nullable(),
  /** author: the claims team, the member, or someone acting for them (their broker). */
  messages: z.array(z.object({ id: z.string(), fromStaff: z.boolean(), author: z.enum(['staff', 'member', 'broker']), body: z.string(), status: z.enum(CLAIM_STATUSES).nullable(), createdAt: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClaimView = z.infer<typeof claimSchema>;
export const claimListSchema = z.object({ claims: z.array(claimSchema) });
export const claimResponseSchema = z.object({ claim: claimSchema });

// ---- Staff's claims list (/admin/claims) ----

/** GET /api/admin/claims */
export const adminClaimsQuerySchema = z.object({
  status: z.enum(CLAIM_STATUSES, { error: `status must be one of: ${CLAIM_STATUSES.join(', ')}` }).optional(),
  peril: z.enum(CLAIM_PERILS, { error: `peril must be one of: ${CLAIM_PERILS.join(', ')}` }).optional(),
  /** Part of the member's name, e-mail address or business. */
  member: z.string().trim().max(200, { error: 'member must be at most 200 characters' }).optional(),
  /** A stored event's id: the claims its warning's issues can bear out (shared/domain/alerts/alert-claims.ts `claimsWindowOfEvent`) and those started from them. */
  event: z.string().trim().min(1).max(64, { error: 'event must be the id of a stored event' }).optional(),
  page: pageParam,
  pageSize: pageSizeParam(25),
});
export type AdminClaimsQuery = z.output<typeof adminClaimsQuerySchema>;
/** Whether a stored event bears out the claim (shared/domain/alerts/alert-claims.ts), with the sentence staff read. */
export const claimCorroborationSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('corroborated'), eventId: z.string(), title: z.string(), kind: z.enum(ALERT_KINDS), paddocks: z.array(z.string()), summary: z.string() }),
  z.object({ status: z.literal('not_corroborated'), summary: z.string() }),
]);

export type ClaimCorroboration = z.infer<typeof claimCorroborationSchema>;

export const adminClaimsResponseSchema = z.object({
  success: z.literal(true),
  claims: z.array(claimSchema.extend({ memberName: z.string(), memberEmail: z.string(), corroboration: claimCorroborationSchema })),
  /**
   * The event the list was asked for by (`event`), named for the list's heading, with how many issues
   * its warning has (the list holds the claims under any of them); null otherwise.
   */
  event: z
    .object({
      id: z.string(),
      title: z.string(),
      kind: z.enum(ALERT_KINDS),
      issues: z.number().int().positive(),
      /** Every claim under it, whatever the list's other filters: how many, their estimated loss, and each status's share (statuses in their order, none empty). */
      tally: z.object({
        claims: z.number().int().nonnegative(),
        estimatedLossCents: z.number().nonnegative(),
        byStatus: z.array(z.object({ status: z.enum(CLAIM_STATUSES), claims: z.number().int().positive(), estimatedLossCents: z.number().nonnegative() })),
      }),
    })
    .nullable(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminClaim = z.infer<typeof adminClaimsResponseSchema>['claims'][number];
export type AdminClaimsEvent = NonNullable<z.infer<typeof adminClaimsResponseSchema>['event']>;
