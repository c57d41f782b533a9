/** A quote in progress as the API shows it (docs/behaviour.md §9): its metadata for lists, and the whole draft. */
import type { Draft, DraftMetadata, DraftStatus } from '@shared/contracts/drafts';
import type { WizardStep } from '@shared/contracts/quote-steps';
import type { Draft as DraftRow } from '../generated/prisma/client';

export function presentDraftMetadata(row: DraftRow): DraftMetadata {
  return {
    id: row.id,
    userId: row.userId,
    step: row.step as WizardStep,
    status: row.status as DraftStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    dataHash: row.dataHash,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function presentDraft(row: DraftRow): Draft {
  return {
    ...presentDraftMetadata(row),
    // Kept only once a save's schema has read it (the quotes module's routes).
    quoteData: row.quoteData as unknown as Draft['quoteData'],
    validationData: row.validationData as Draft['validationData'],
    uiState: row.uiState as Draft['uiState'],
  };
}
