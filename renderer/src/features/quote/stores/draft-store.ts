/**
 * The draft client state area (docs/behaviour.md §3 'Draft', §4 'Draft lifecycle', 'Auto-save status'): which
 * draft is selected, which one the open quote is saved into, the save queue and the auto-save
 * status. The drafts themselves are server state in the query cache (api/get-drafts.ts,
 * api/get-draft.ts); the queue's saves go through the saveQuoteDraft mutation, one at a time.
 *
 * Two ids matter and are kept apart on purpose: `currentDraftId` is the draft selected in the list
 * (docs/behaviour.md §4 auto-selects one), while `workingDraft` is the draft the open quote is saved into, with
 * the version that quote was based on. Selecting a draft never makes the open quote overwrite it;
 * only opening it does.
 */
import { MutationObserver } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/react-query';
import {
  DRAFT_CONFLICT_NOTICE,
  DRAFT_MESSAGES,
  DRAFT_VERSION_CONFLICT_CODE,
  draftErrorMessage,
  type AutoSavePayload,
  type Draft,
  type DraftListItem,
  type DraftMessage,
  type SaveQuoteDraftResponse,
} from '@shared/contracts/drafts';
import {
  autoSaveReducer,
  createSaveQueueItem,
  enqueueSave,
  initialAutoSaveState,
  nextSave,
  queueAfterFailure,
  queueAfterSuccess,
  type AutoSaveEvent,
  type AutoSaveState,
  type AutoSaveStatus,
  type SaveQueueItem,
} from '@shared/domain/quote/auto-save';
import { draftDataHash, draftToSelect, selectionAfterDelete } from '@shared/domain/quote/draft';
import { KEPT_IN_BROWSER_MESSAGE } from '@shared/domain/quote/draft-limits';
import { createAppStore } from '../../../stores/create-store';
import { draftQueryOptions } from '../api/get-draft';
import { saveQuoteDraftMutationOptions } from '../api/save-quote-draft';
import type { LoadingFlag } from './quote-store';
import { useQuoteStore } from './quote-store';
import { useValidationStore } from './validation-store';

export interface WorkingDraft {
  id: string;
  /** The version the open quote is based on; null until the draft exists on the server. */
  version: number | null;
}

export interface DraftState {
  currentDraftId: string | null;
  workingDraft: WorkingDraft | null;
  /** Hash of the quote data last saved, so unchanged data is not sent again. */
  lastSavedHash: string | null;
  saveQueue: SaveQueueItem<AutoSavePayload>[];
  autoSave: AutoSaveState;
  /** Something the person must be told: a conflict reload, or that automatic saving gave up. */
  notice: string | null;
}

export interface DraftActions {
  /** The owner's drafts were read: docs/behaviour.md §4 selects the newest resumable one when none is selected. */
  listed: (drafts: readonly DraftListItem[]) => void;
  selectDraft: (id: string | null) => void;
  /** A draft was read to be worked on: its data goes into the quote and it becomes the working draft. */
  opened: (draft: Draft) => void;
  /** A draft was deleted: it stops being the selection (docs/behaviour.md §4), the working draft and queued. */
  deleted: (id: string) => void;
  /** Starts a new working draft under a new client-generated id (docs/behaviour.md §9). */
  startNewDraft: () => string;
  /** Takes over a working draft, e.g. one the page opened from the address. */
  setWorkingDraft: (draft: WorkingDraft | null) => void;
  /** Queues an automatic save of this payload and works through the queue. */
  queueAutoSave: (payload: AutoSavePayload) => void;
  setAutoSaveStatus: (status: AutoSaveStatus) => void;
  setAutoSaveError: (error: string | null) => void;
  /** docs/behaviour.md §4: every step change resets the auto-save status to idle. */
  stepChanged: () => void;
  dismissNotice: () => void;
  /** Stops timers and forgets everything (sign-out, tests). */
  reset: () => void;
}

export type DraftStore = DraftState & DraftActions;

export interface DraftStoreDeps {
  /** Sends one automatic save (the saveQuoteDraft mutation). */
  save: (payload: AutoSavePayload) => Promise<SaveQuoteDraftResponse>;
  /** Reads a draft afresh (after a version conflict). */
  read: (id: string) => Promise<Draft>;
  /** Puts a loaded draft's data into the quote and validation stores. */
  applyDraft: (draft: Draft) => void;
  /** Mirrors the quote store's loading flags and errors map (docs/behaviour.md §3). */
  setQuoteLoading: (flag: LoadingFlag, value: boolean) => void;
  setQuoteError: (area: string, message: string | null) => void;
  setQuoteDraftId: (draftId: string | undefined) => void;
  now: () => number;
  newId: () => string;
}

/** A draft id made on the client (docs/behaviour.md §9): URL-safe, random, and works outside secure contexts. */
export function newDraftId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `draft_${Date.now().toString(36)}_${random}`;
}

export function initialDraftState(): DraftState {
  return {
    currentDraftId: null,
    workingDraft: null,
    lastSavedHash: null,
    saveQueue: [],
    autoSave: initialAutoSaveState(),
    notice: null,
  };
}

/** The sentence for a failed draft call: the server's reason when it gave one, else the docs/behaviour.md §8 text. */
export function draftFailureMessage(error: unknown, fallback: DraftMessage): string {
  return draftErrorMessage(error instanceof ApiRequestError && !error.isNetworkError ? error.message : undefined, fallback);
}

/**
 * A save the server refused for what it holds (too large, not readable): sending it again cannot
 * succeed, so it is not retried; the person is told the server's reason, and the work stays in the
 * browser (the local quote draft) until a change makes it fit.
 */
function refusalThatCannotSucceed(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.isNetworkError || (error.status !== 413 && error.status !== 400)) return null;
  return `${error.message} ${KEPT_IN_BROWSER_MESSAGE}`;
}

function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409 && error.code === DRAFT_VERSION_CONFLICT_CODE;
}

export function createDraftStore(deps: DraftStoreDeps) {
  let resetTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let saving = false;

  return createAppStore<DraftStore>((set, get) => {
    /** Runs the auto-save reducer and schedules the return to idle it asks for (2 s or 3 s). */
    const dispatch = (event: AutoSaveEvent) => {
      const { state, resetAfterMs } = autoSaveReducer(get().autoSave, event);
      set({ autoSave: state });
      deps.setQuoteLoading('autoSave', state.status === 'saving');
      if (resetAfterMs !== null) {
        if (resetTimer !== null) clearTimeout(resetTimer);
        const revision = state.revision;
        resetTimer = setTimeout(() => {
          resetTimer = null;
          dispatch({ type: 'reset-elapsed', revision });
        }, resetAfterMs);
      }
    };

    /** The working draft, mirrored into the quote's draftId (docs/behaviour.md §3) so it is saved with it. */
    const setWorking = (draft: WorkingDraft | null) => {
      set({ workingDraft: draft });
      deps.setQuoteDraftId(draft?.id);
    };

    const open = (draft: Draft) => {
      deps.applyDraft(draft);
      setWorking({ id: draft.id, version: draft.version });
      set({ currentDraftId: draft.id, lastSavedHash: draft.dataHash ?? null });
      deps.setQuoteError('draft', null);
    };

    /** After a 409: the newer data on the server wins; load it and tell the person. */
    const reloadAfterConflict = async (id: string) => {
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      set({ saveQueue: [], notice: DRAFT_CONFLICT_NOTICE });
      try {
        open(await deps.read(id));
        dispatch({ type: 'set-status', status: 'idle', at: deps.now() });
      } catch (error) {
        deps.setQuoteError('draft', draftFailureMessage(error, DRAFT_MESSAGES.loadDraftFailed));
        dispatch({ type: 'set-status', status: 'error', at: deps.now() });
      }
    };

    const processQueue = async (): Promise<void> => {
      if (saving) return;
      const item = nextSave(get().saveQueue);
      if (item === null) return;
      saving = true;
      dispatch({ type: 'set-status', status: 'saving', at: deps.now() });
      const working = get().workingDraft;
      const version = working !== null && working.id === item.id && working.version !== null ? working.version : undefined;
      const payload: AutoSavePayload = { ...item.data, draftId: item.id, version };
      try {
        const { draft } = await deps.save(payload);
        saving = false;
        setWorking({ id: draft.id, version: draft.version });
        set({ lastSavedHash: draftDataHash(item.data.quoteData), saveQueue: queueAfterSuccess(get().saveQueue, item) });
        deps.setQuoteError('autoSave', null);
        dispatch({ type: 'set-status', status: 'saved', at: deps.now() });
        if (get().saveQueue.length > 0) await processQueue();
      } catch (error) {
        saving = false;
        if (isVersionConflict(error)) {
          await reloadAfterConflict(item.id);
          return;
        }
        const refusal = refusalThatCannotSucceed(error);
        if (refusal !== null) {
          set({ saveQueue: get().saveQueue.filter((queued) => queued.id !== item.id || queued.timestamp > item.timestamp), notice: refusal });
          dispatch({ type: 'set-error', error: refusal });
          deps.setQuoteError('autoSave', refusal);
          if (get().saveQueue.length > 0) await processQueue();
          return;
        }
        const { queue, decision } = queueAfterFailure(get().saveQueue, item.id);
        set({ saveQueue: queue });
        if (decision === null) return;
        if (decision.retry) {
          dispatch({ type: 'set-status', status: 'error', at: deps.now() });
          retryTimer = setTimeout(() => {
            retryTimer = null;
            void processQueue();
          }, decision.delayMs);
        } else {
          dispatch({ type: 'set-error', error: decision.message });
          set({ notice: decision.message });
          deps.setQuoteError('autoSave', decision.message);
        }
      }
    };

    return {
      ...initialDraftState(),

      listed: (drafts) => set({ currentDraftId: draftToSelect(drafts, get().currentDraftId) }),
      selectDraft: (id) => set({ currentDraftId: id }),
      opened: open,

      deleted: (id) => {
        if (get().workingDraft?.id === id) setWorking(null);
        set({ currentDraftId: selectionAfterDelete(get().currentDraftId, id), saveQueue: get().saveQueue.filter((item) => item.id !== id) });
      },

      startNewDraft: () => {
        const id = deps.newId();
        setWorking({ id, version: null });
        set({ lastSavedHash: null, saveQueue: [] });
        return id;
      },

      setWorkingDraft: (draft) => setWorking(draft),

      queueAutoSave: (payload) => {
        const working = get().workingDraft;
        const id = payload.draftId ?? working?.id ?? deps.newId();
        if (working === null || working.id !== id) setWorking({ id, version: null });
        set({ saveQueue: enqueueSave(get().saveQueue, createSaveQueueItem({ id, step: payload.step, data: { ...payload, draftId: id }, now: deps.now() })) });
        void processQueue();
      },

      setAutoSaveStatus: (status) => dispatch({ type: 'set-status', status, at: deps.now() }),
      setAutoSaveError: (error) => dispatch({ type: 'set-error', error }),
      stepChanged: () => dispatch({ type: 'step-changed' }),
      dismissNotice: () => set({ notice: null }),

      reset: () => {
        if (resetTimer !== null) clearTimeout(resetTimer);
        if (retryTimer !== null) clearTimeout(retryTimer);
        resetTimer = null;
        retryTimer = null;
        saving = false;
        set(initialDraftState());
      },
    };
  });
}

export const useDraftStore = createDraftStore({
  save: (payload) => new MutationObserver(queryClient, saveQuoteDraftMutationOptions(queryClient)).mutate(payload),
  read: (id) => queryClient.fetchQuery(draftQueryOptions(id)),
  applyDraft: (draft) => {
    useQuoteStore.getState().loadDraft(draft);
    useValidationStore.getState().load(draft.validationData ?? draft.quoteData.validationData);
  },
  setQuoteLoading: (flag, value) => useQuoteStore.getState().setLoading(flag, value),
  setQuoteError: (area, message) => useQuoteStore.getState().setError(area, message),
  setQuoteDraftId: (draftId) => useQuoteStore.getState().setDraftId(draftId),
  now: () => Date.now(),
  newId: newDraftId,
});
