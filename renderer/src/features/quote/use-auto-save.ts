import { useCallback, useEffect, useRef } from 'react';
import { AUTO_SAVE_IDLE_MS, buildAutoSavePayload, shouldAutoSave } from '@shared/domain/quote/auto-save';
import { draftDataHash } from '@shared/domain/quote/draft';
import type { WizardStep } from '@shared/contracts/quote-steps';
import { useDraftStore } from './stores/draft-store';
import { useQuoteStore } from './stores/quote-store';
import { useUiStore } from '../../stores/ui-store';

interface AutoSaveOptions {
  isAuthenticated: boolean;
  userId: string | null;
  step: WizardStep;
  /** False in support mode at read level. */
  canWrite: boolean;
}

/**
 * Queues an automatic save once the quote has been left unchanged for AUTO_SAVE_IDLE_MS, under
 * the docs/behaviour.md §4 conditions. Returns `saveNow`, which the frame calls when a step is left.
 */
export function useAutoSave({ isAuthenticated, userId, step, canWrite }: AutoSaveOptions): (atStep: WizardStep) => void {
  const options = useRef({ isAuthenticated, userId, step, canWrite });
  options.current = { isAuthenticated, userId, step, canWrite };

  const save = useCallback((atStep: WizardStep, skipUnchanged: boolean) => {
    const { isAuthenticated: signedIn, userId: owner, canWrite: writable } = options.current;
    const quote = useQuoteStore.getState();
    if (!writable || owner === null || !shouldAutoSave({ isAuthenticated: signedIn, userId: owner, step: atStep, quote })) return;
    const drafts = useDraftStore.getState();
    const { flags } = useUiStore.getState();
    const payload = buildAutoSavePayload({ userId: owner, step: atStep, quote, draftId: drafts.workingDraft?.id, uiState: { flags } });
    // Unchanged data already on the server is not sent again by the idle save.
    if (skipUnchanged && drafts.workingDraft?.version != null && draftDataHash(payload.quoteData) === drafts.lastSavedHash) return;
    drafts.queueAutoSave(payload);
  }, []);
  // A save on leaving a step always goes: the draft must remember the step the person moved to,
  // even when nothing else changed, or resuming elsewhere would open an earlier step.
  const saveNow = useCallback((atStep: WizardStep) => save(atStep, false), [save]);

  useEffect(() => {
    if (!isAuthenticated || !canWrite) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = useQuoteStore.subscribe((state, previous) => {
      if (state.lastModified === previous.lastModified) return;
      clearTimeout(timer);
      timer = setTimeout(() => save(options.current.step, true), AUTO_SAVE_IDLE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [isAuthenticated, canWrite, save]);

  return saveNow;
}
