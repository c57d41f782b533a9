/**
 * Drafts (docs/behaviour.md §3 'Draft', §4 'Draft lifecycle', §7 'Drafts'). Every data write is guarded by the
 * draft's version: an update names the version it was based on and is applied only if the draft
 * still has that version, in one conditional UPDATE, so two tabs or two devices can never
 * overwrite each other silently — the later, stale save gets a 409 and the newer data stays.
 */
import { DRAFT_VERSION_CONFLICT_CODE, type DraftStatus } from '@shared/contracts/drafts';
import type { QuoteState, ValidationData } from '@shared/contracts/quote';
import { compactSectionOutline, type SectionOutline } from '@shared/domain/geo/compact-geometry';
import { draftDataHash } from '@shared/domain/quote/draft';
import { outlineBudgetProblem } from '@shared/domain/quote/draft-limits';
import { resetValidation } from '@shared/domain/quote/validation';
import type { WizardStep } from '@shared/contracts/quote-steps';
import type { Database } from '../../db/client';
import type { Draft as DraftRow } from '../../generated/prisma/client';
import { AppError, conflict, notFound } from '../../lib/app-error';

export const DRAFT_NOT_FOUND_MESSAGE = 'Draft not found.';
export const DRAFT_EXISTS_MESSAGE = 'A draft with this id already exists.';
/** The 409 of a save based on an older version; the client reloads the draft and says so. */
export const DRAFT_VERSION_CONFLICT_MESSAGE = 'This quote was changed in another tab or on another device after you opened it. The newer version has been kept.';

/** What a save writes: the quote without client-only fields, as parsed by the shared schema. */
export interface DraftWrite {
  userId: string;
  step: WizardStep;
  quoteData: Omit<QuoteState, 'loading' | 'errors'> | Record<string, unknown>;
  validationData?: ValidationData | undefined;
  uiState?: Record<string, unknown> | undefined;
}

type JsonInput = Parameters<Database['draft']['create']>[0]['data']['quoteData'];
const json = (value: unknown) => value as JsonInput;

/**
 * The quote as stored: outlines compact by the importer's rule, and refused (413, with the count)
 * when they have more corners than a quote keeps, so what is stored always loads and submits.
 */
export function storableQuoteData<Q extends DraftWrite['quoteData']>(quoteData: Q): Q {
  const farmData = (quoteData as { farmData?: { paddockSections?: unknown } }).farmData;
  if (!farmData || !Array.isArray(farmData.paddockSections)) return quoteData;
  const paddockSections = (farmData.paddockSections as SectionOutline[]).map(compactSectionOutline);
  const problem = outlineBudgetProblem(paddockSections);
  if (problem) throw new AppError(413, 'draft_too_large', problem);
  return { ...quoteData, farmData: { ...farmData, paddockSections } };
}

/** The farm's address as the draft holds it (any quote a draft holds, even a partial one), or ''. */
function farmAddressOf(quoteData: DraftWrite['quoteData']): string {
  const address = (quoteData as { farmData?: { address?: unknown } }).farmData?.address;
  return typeof address === 'string' ? address : '';
}

function dataColumns(write: DraftWrite) {
  const quoteData = storableQuoteData(write.quoteData);
  return {
    step: write.step,
    // A save always (re)writes the draft as DRAFT (docs/behaviour.md §4).
    status: 'DRAFT',
    // Computed here rather than trusted from the body, so the stored hash always matches the stored data.
    dataHash: draftDataHash(quoteData),
    quoteData: json(quoteData),
    farmAddress: farmAddressOf(quoteData),
    validationData: json(write.validationData ?? resetValidation()),
    uiState: json(write.uiState ?? {}),
  };
}

export function draftsService(db: Database) {
  async function find(id: string): Promise<DraftRow | null> {
    return db.draft.findUnique({ where: { id } });
  }

  return {
    find,

    /** The user's drafts, most recently updated first. */
    async list(userId: string): Promise<DraftRow[]> {
      return db.draft.findMany({ where: { userId }, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }] });
    },

    /** A new draft at version 1 under the client-generated id. */
    async create(id: string, write: DraftWrite): Promise<DraftRow> {
      if (await find(id)) throw conflict(DRAFT_EXISTS_MESSAGE, 'draft_exists');
      try {
        return await db.draft.create({ data: { id, userId: write.userId, ...dataColumns(write) } });
      } catch (error) {
        // Two creates with one id racing: the loser sees the unique constraint.
        if ((error as { code?: unknown }).code === 'P2002') throw conflict(DRAFT_EXISTS_MESSAGE, 'draft_exists');
        throw error;
      }
    },

    /**
     * Applies a save based on `version`: only if the draft still has that version, which then goes
     * up by one. Otherwise 404 (gone) or 409 (someone saved since), leaving the stored data as it is.
     */
    async update(id: string, version: number, write: DraftWrite): Promise<DraftRow> {
      try {
        // One statement that also answers the saved row (every auto-save comes here).
        return await db.draft.update({ where: { id, version }, data: { ...dataColumns(write), version: { increment: 1 } } });
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'P2025') throw error;
      }
      // No row had that id and version: the draft is gone, or someone saved since.
      if (!(await find(id))) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      throw conflict(DRAFT_VERSION_CONFLICT_MESSAGE, DRAFT_VERSION_CONFLICT_CODE);
    },

    /** docs/behaviour.md §4: COMPLETED also records completedAt. The data and its version are untouched. */
    async updateStatus(id: string, status: DraftStatus, completedAt: Date | null): Promise<DraftRow> {
      return db.draft.update({ where: { id }, data: { status, completedAt: status === 'COMPLETED' ? completedAt : null } });
    },

    async remove(id: string): Promise<void> {
      await db.draft.deleteMany({ where: { id } });
    },
  };
}
