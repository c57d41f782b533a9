/**
 * Zod schemas of the draft routes (docs/behaviour.md §7 'Drafts'), the draft entity (docs/behaviour.md §3 'Draft'), the
 * auto-save payload and the draft texts of docs/behaviour.md §8.
 */
import { z } from 'zod';
import { DRAFT_HASH_LENGTH } from '../constants';
import { isPlausibleInstant } from '../perth-time';
import { MAX_STORED_INTEGER } from './fields';
import { decodeQuoteData, personalDetailsSchema, quoteStateSchema, validationDataSchema, withoutUnfitCopies, wizardStepSchema } from './quote';

/** docs/behaviour.md §8 'Drafts': shown when the server sends no message of its own. */
export const DRAFT_MESSAGES = {
  loadDraftsFailed: 'Failed to load drafts',
  loadDraftFailed: 'Failed to load draft',
  saveDraftFailed: 'Failed to save draft',
  updateDraftStatusFailed: 'Failed to update draft status',
  deleteDraftFailed: 'Failed to delete draft',
  /** Quote-draft save failure, also the auto-save status error text (docs/behaviour.md §4). */
  autoSaveFailed: 'Auto-save failed',
  noDataToSave: 'No data to save',
  noDraftIdProvided: 'No draft ID provided',
  /** Shown to the user once automatic saving has given up. */
  autoSaveProgressFailed: 'Failed to save progress automatically',
  loadSavedEstimateFailed: 'Failed to load saved estimate',
  reconstructSavedEstimateFailed: 'Failed to reconstruct saved estimate data',
} as const;
export type DraftMessage = (typeof DRAFT_MESSAGES)[keyof typeof DRAFT_MESSAGES];

/** The error code of a 409 for a save based on an older version than the server holds. */
export const DRAFT_VERSION_CONFLICT_CODE = 'draft_version_conflict';

/**
 * Shown after a save was refused because the draft changed elsewhere: the client has then loaded
 * the newer version (the newer data stays, the person is told).
 */
export const DRAFT_CONFLICT_NOTICE = 'This quote was changed in another tab or on another device, so we have loaded the newer version. Please check your latest changes.';

/** The server's message if it sent a non-blank one, else the fallback text (docs/behaviour.md §8). */
export function draftErrorMessage(serverMessage: unknown, fallback: DraftMessage): string {
  return typeof serverMessage === 'string' && serverMessage.trim() !== '' ? serverMessage : fallback;
}

export const DRAFT_STATUSES = ['DRAFT', 'ACTIVE', 'IN_PROGRESS', 'COMPLETED'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const draftStatusSchema = z.enum(DRAFT_STATUSES);

/**
 * Draft ids are generated on the client (docs/behaviour.md §9) and end up in URL paths, so they are limited to
 * URL-safe characters (UUIDs and 'draft_<time>_<random>' style ids both fit).
 */
export const draftIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Draft id must be 1 to 128 letters, digits, dashes or underscores');

/** :id of a draft's routes. */
export const draftParamsSchema = z.object({ id: draftIdSchema });

export const draftDataHashSchema = z.string().length(DRAFT_HASH_LENGTH);
export const draftVersionSchema = z.number().int().nonnegative().max(MAX_STORED_INTEGER, { error: 'version must be the version the draft was read at' });
/** A draft's moments, which older clients write in any form JavaScript reads: read, and in a year a record can hold. */
const isoDateTime = z.string().min(1).refine(isPlausibleInstant, { error: 'must be a date and time, e.g. 2026-11-14T07:20:00.000Z' });

/** Interface state saved with a draft (modal, flags, scroll); the renderer owns its shape. */
export const draftUiStateSchema = z.record(z.string(), z.unknown());

/**
 * The quote as stored in a draft: without the legacy password fields and the client-only loading
 * and error flags. Zod strips unknown keys, so a body that carries them is stored without them.
 */
export const draftQuoteDataSchema = quoteStateSchema.omit({ loading: true, errors: true }).extend({ personalDetails: personalDetailsSchema.omit({ password: true, confirmPassword: true }).prefault({}) });
export type DraftQuoteData = z.infer<typeof draftQuoteDataSchema>;

/**
 * Stored quote data: may arrive as a JSON string (docs/behaviour.md §7 GET /api/quotes/draft) and with
 * nulls, and read by the rule for survey copies kept before they had a shape.
 */
const storedQuoteSchema = z.preprocess((raw) => withoutUnfitCopies(decodeQuoteData(raw)), draftQuoteDataSchema);

// ---------------------------------------------------------------------------------------------
// The draft entity (docs/behaviour.md §3)
// ---------------------------------------------------------------------------------------------

export const draftMetadataSchema = z.object({
  id: draftIdSchema,
  userId: z.string().min(1),
  step: wizardStepSchema,
  status: draftStatusSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: draftVersionSchema,
  dataHash: draftDataHashSchema.optional(),
  completedAt: isoDateTime.nullish(),
});
export type DraftMetadata = z.infer<typeof draftMetadataSchema>;

export const draftSchema = draftMetadataSchema.extend({
  quoteData: storedQuoteSchema,
  validationData: validationDataSchema.optional(),
  uiState: draftUiStateSchema.optional(),
});
export type Draft = z.infer<typeof draftSchema>;

/** A list entry: the metadata, with the data when the server includes it. */
export const draftListItemSchema = draftSchema.partial({ quoteData: true, validationData: true, uiState: true });
export type DraftListItem = z.infer<typeof draftListItemSchema>;

// ---------------------------------------------------------------------------------------------
// Route bodies
// ---------------------------------------------------------------------------------------------

const saveDraftFields = {
  userId: z.string().min(1),
  step: wizardStepSchema,
  data: draftQuoteDataSchema,
  validationData: validationDataSchema.optional(),
  uiState: draftUiStateSchema.optional(),
  /** A save always (re)writes the draft as DRAFT (docs/behaviour.md §4 'Draft lifecycle'). */
  status: z.literal('DRAFT'),
  dataHash: draftDataHashSchema,
};

/** POST /api/user/drafts: a new draft; its id is generated on the client. */
export const createDraftBodySchema = z.object({ id: draftIdSchema, ...saveDraftFields });
export type CreateDraftBody = z.infer<typeof createDraftBodySchema>;

/**
 * PUT /api/user/drafts/{id}: an existing draft. `version` is the version the save was based on, so
 * the server can refuse a save made from stale data.
 */
export const updateDraftBodySchema = z.object({ ...saveDraftFields, version: draftVersionSchema });
export type UpdateDraftBody = z.infer<typeof updateDraftBodySchema>;

export const COMPLETED_AT_REQUIRED_MESSAGE = 'completedAt is required when status is COMPLETED';

/** PUT /api/user/drafts/{id}/status: completedAt is required with COMPLETED (docs/behaviour.md §4). */
export const updateDraftStatusBodySchema = z.object({ status: draftStatusSchema, completedAt: isoDateTime.optional() }).superRefine((body, ctx) => {
  if (body.status === 'COMPLETED' && body.completedAt === undefined) {
    ctx.addIssue({ code: 'custom', path: ['completedAt'], message: COMPLETED_AT_REQUIRED_MESSAGE });
  }
});
export type UpdateDraftStatusBody = z.infer<typeof updateDraftStatusBodySchema>;

/** The auto-save payload of docs/behaviour.md §3, also the body of POST /api/quotes/draft. */
export const autoSavePayloadSchema = z.object({
  userId: z.string().min(1),
  step: wizardStepSchema,
  quoteData: draftQuoteDataSchema,
  validationData: validationDataSchema.optional(),
  uiState: draftUiStateSchema.optional(),
  /** The draft to update; absent for a first save. */
  draftId: draftIdSchema.optional(),
  /**
   * Create a new draft: draftId is then the new client-generated id, and must not exist yet. Without
   * it, an existing draftId is updated and an unknown one created.
   */
  forceNew: z.boolean().default(false),
  /**
   * The version the save was based on; required to update an existing draft through
   * POST /api/quotes/draft, so an automatic save never overwrites newer data (409 instead).
   */
  version: draftVersionSchema.optional(),
});
export type AutoSavePayload = z.infer<typeof autoSavePayloadSchema>;
export type AutoSavePayloadInput = z.input<typeof autoSavePayloadSchema>;

/** GET /api/quotes/draft?id and GET /api/user/drafts?userId query strings. */
export const quoteDraftQuerySchema = z.object({
  id: z.string({ error: DRAFT_MESSAGES.noDraftIdProvided }).trim().min(1, DRAFT_MESSAGES.noDraftIdProvided).pipe(draftIdSchema),
});
export const draftListQuerySchema = z.object({ userId: z.string().min(1) });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** GET /api/user/drafts?userId */
export const draftListResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  drafts: z.array(draftListItemSchema),
});
export type DraftListResponse = z.infer<typeof draftListResponseSchema>;

/** GET /api/user/drafts/{id}, POST /api/user/drafts, PUT /api/user/drafts/{id}, GET /api/quotes/draft */
export const draftResponseSchema = z.object({ success: z.boolean(), draft: draftSchema });
export type DraftResponse = z.infer<typeof draftResponseSchema>;

/** PUT /api/user/drafts/{id}/status: the client reads draft.updatedAt. */
export const draftStatusResponseSchema = z.object({
  success: z.boolean(),
  draft: z.object({
    id: draftIdSchema.optional(),
    status: draftStatusSchema.optional(),
    updatedAt: isoDateTime,
    completedAt: isoDateTime.nullish(),
  }),
});
export type DraftStatusResponse = z.infer<typeof draftStatusResponseSchema>;

/**
 * POST /api/quotes/draft: the client reads draft.id, and the new version and hash so its next save
 * is based on what the server now holds.
 */
export const saveQuoteDraftResponseSchema = z.object({
  success: z.boolean(),
  draft: z.object({ id: draftIdSchema, version: draftVersionSchema, dataHash: draftDataHashSchema, updatedAt: isoDateTime }),
});
export type SaveQuoteDraftResponse = z.infer<typeof saveQuoteDraftResponseSchema>;

/** DELETE /api/user/drafts/{id} */
export const deleteDraftResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });
export type DeleteDraftResponse = z.infer<typeof deleteDraftResponseSchema>;
