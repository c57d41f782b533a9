/**
 * The draft client state area (SPEC §3 'Draft', §4 'Draft lifecycle', 'Auto-save status'): the
 * member's drafts, the current selection, the save queue and the auto-save status.
 *
 * Two ids matter and are kept apart on purpose: `currentDraftId` is the draft selected in the list
 * (SPEC §4 auto-selects one), while `workingDraft` is the draft the open quote is saved into, with
 * the version that quote was based on. Selecting a draft never makes the open quote overwrite it;
 * only loading it does.
 */
import { ApiRequestError } from '../../../lib/api-client';
import {
  DRAFT_CONFLICT_NOTICE,
  DRAFT_MESSAGES,
  DRAFT_VERSION_CONFLICT_CODE,
  draftErrorMessage,
  type AutoSavePayload,
  type Draft,
  type DraftListItem,
  type DraftMessage,
  type DraftStatus,
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
import { draftDataHash, draftStatusUpdate, draftToSelect, selectionAfterDelete } from '@shared/domain/quote/draft';
import { KEPT_IN_BROWSER_MESSAGE } from '@shared/domain/quote/draft-limits';
import { createAppStore } from '../../../stores/create-store';
import { draftsApi, type DraftsApi } from './drafts-api';
import type { LoadingFlag } from './quote-store';
import { useQuoteStore } from './quote-store';
import { useValidationStore } from './validation-store';

/** What a fetch gave: its value, or the error it failed with. */
export type Fetched<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs a fetch and keeps its failure as a value, so a caller can hand either to the store. */
export const fetched = <T>(promise: Promise<T>): Promise<Fetched<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

export interface WorkingDraft {
  id: string;
  /** The version the open quote is based on; null until the draft exists on the server. */
  version: number | null;
}

export interface DraftState {
  drafts: DraftListItem[];
  currentDraftId: string | null;
  workingDraft: WorkingDraft | null;
  /** Hash of the quote data last saved, so unchanged data is not sent again. */
  lastSavedHash: string | null;
  saveQueue: SaveQueueItem<AutoSavePayload>[];
  autoSave: AutoSaveState;
  isLoading: boolean;
  isSaving: boolean;
  error: string | null;
  /** Something the person must be told: a conflict reload, or that automatic saving gave up. */
  notice: string | null;
}

export interface DraftActions {
  loadDrafts: (userId: string) => Promise<void>;
  /** Shows a list of drafts fetched elsewhere (the wizard's start-up query), or why it could not be fetched. */
  showDrafts: (result: Fetched<DraftListItem[]>) => void;
  selectDraft: (id: string | null) => void;
  /** Loads a draft into the quote and makes it the working draft. */
  loadDraft: (id: string) => Promise<Draft | null>;
  /** Opens a draft fetched elsewhere (the wizard's start-up query); null when it could not be fetched. */
  openDraft: (result: Fetched<Draft>) => Draft | null;
  /** A manual save: POST for a new draft (or forceNew), else PUT with the version. */
  saveDraft: (payload: AutoSavePayload) => Promise<boolean>;
  updateDraftStatus: (id: string, status: DraftStatus) => Promise<boolean>;
  deleteDraft: (id: string) => Promise<boolean>;
  /** Starts a new working draft under a new client-generated id (SPEC §9). */
  startNewDraft: () => string;
  /** Takes over a working draft, e.g. one the page opened from the address. */
  setWorkingDraft: (draft: WorkingDraft | null) => void;
  /** Queues an automatic save of this payload and works through the queue. */
  queueAutoSave: (payload: AutoSavePayload) => void;
  setAutoSaveStatus: (status: AutoSaveStatus) => void;
  setAutoSaveError: (error: string | null) => void;
  /** SPEC §4: every step change resets the auto-save status to idle. */
  stepChanged: () => void;
  dismissNotice: () => void;
  /** Stops timers and forgets everything (sign-out, tests). */
  reset: () => void;
}

export type DraftStore = DraftState & DraftActions;

export interface DraftStoreDeps {
  api: DraftsApi;
  /** Puts a loaded draft's data into the quote and validation stores. */
  applyDraft: (draft: Draft) => void;
  /** Mirrors the quote store's loading flags and errors map (SPEC §3). */
  setQuoteLoading: (flag: LoadingFlag, value: boolean) => void;
  setQuoteError: (area: string, message: string | null) => void;
  setQuoteDraftId: (draftId: string | undefined) => void;
  now: () => number;
  newId: () => string;
}

/** A draft id made on the client (SPEC §9): URL-safe, random, and works outside secure contexts. */
export function newDraftId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `draft_${Date.now().toString(36)}_${random}`;
}

export function initialDraftState(): DraftState {
  return {
    drafts: [],
    currentDraftId: null,
    workingDraft: null,
    lastSavedHash: null,
    saveQueue: [],
    autoSave: initialAutoSaveState(),
    isLoading: false,
    isSaving: false,
    error: null,
    notice: null,
  };
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

function messageOf(error: unknown, fallback: DraftMessage): string {
  return draftErrorMessage(error instanceof ApiRequestError && !error.isNetworkError ? error.message : undefined, fallback);
}

function upsert(drafts: DraftListItem[], draft: DraftListItem): DraftListItem[] {
  const rest = drafts.filter((item) => item.id !== draft.id);
  return [draft, ...rest];
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

    /** The working draft, mirrored into the quote's draftId (SPEC §3) so it is saved with it. */
    const setWorking = (draft: WorkingDraft | null) => {
      set({ workingDraft: draft });
      deps.setQuoteDraftId(draft?.id);
    };

    /** After a 409: the newer data on the server wins; load it and tell the person. */
    const reloadAfterConflict = async (id: string) => {
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      set({ saveQueue: [], notice: DRAFT_CONFLICT_NOTICE });
      try {
        const { draft } = await deps.api.getQuoteDraft(id);
        deps.applyDraft(draft);
        setWorking({ id: draft.id, version: draft.version });
        set({ lastSavedHash: draft.dataHash ?? null, drafts: upsert(get().drafts, draft) });
        dispatch({ type: 'set-status', status: 'idle', at: deps.now() });
      } catch (error) {
        const message = messageOf(error, DRAFT_MESSAGES.loadDraftFailed);
        set({ error: message });
        deps.setQuoteError('draft', message);
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
        const { draft } = await deps.api.saveQuoteDraft(payload);
        saving = false;
        setWorking({ id: draft.id, version: draft.version });
        set({
          lastSavedHash: draftDataHash(item.data.quoteData),
          saveQueue: queueAfterSuccess(get().saveQueue, item),
          error: null,
        });
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

      loadDrafts: async (userId) => {
        set({ isLoading: true, error: null });
        get().showDrafts(await fetched(deps.api.list(userId).then(({ drafts }) => drafts)));
      },

      showDrafts: (result) => {
        if (result.ok) set({ drafts: result.value, isLoading: false, error: null, currentDraftId: draftToSelect(result.value, get().currentDraftId) });
        else set({ isLoading: false, error: messageOf(result.error, DRAFT_MESSAGES.loadDraftsFailed) });
      },

      selectDraft: (id) => set({ currentDraftId: id }),

      loadDraft: async (id) => {
        set({ isLoading: true, error: null });
        deps.setQuoteLoading('draft', true);
        return get().openDraft(await fetched(deps.api.get(id).then(({ draft }) => draft)));
      },

      openDraft: (result) => {
        deps.setQuoteLoading('draft', false);
        if (!result.ok) {
          const message = messageOf(result.error, DRAFT_MESSAGES.loadDraftFailed);
          set({ isLoading: false, error: message });
          deps.setQuoteError('draft', message);
          return null;
        }
        const draft = result.value;
        deps.applyDraft(draft);
        setWorking({ id: draft.id, version: draft.version });
        set({ isLoading: false, error: null, currentDraftId: draft.id, lastSavedHash: draft.dataHash ?? null, drafts: upsert(get().drafts, draft) });
        deps.setQuoteError('draft', null);
        return draft;
      },

      saveDraft: async (payload) => {
        const working = get().workingDraft;
        const id = payload.forceNew || payload.draftId === undefined ? deps.newId() : payload.draftId;
        // The version this save is based on; none means the draft is new on the server.
        const basedOn = !payload.forceNew && working !== null && working.id === id ? working.version : null;
        const dataHash = draftDataHash(payload.quoteData);
        const fields = { userId: payload.userId, step: payload.step, data: payload.quoteData, validationData: payload.validationData, uiState: payload.uiState, status: 'DRAFT' as const, dataHash };
        set({ isSaving: true, error: null });
        try {
          const { draft } = basedOn === null ? await deps.api.create({ id, ...fields }) : await deps.api.update(id, { ...fields, version: basedOn });
          setWorking({ id: draft.id, version: draft.version });
          set({
            isSaving: false,
            currentDraftId: draft.id,
            lastSavedHash: dataHash,
            // SPEC §4: a successful save clears the save queue.
            saveQueue: queueAfterSuccess(get().saveQueue, { timestamp: deps.now() }),
            drafts: upsert(get().drafts, draft),
          });
          return true;
        } catch (error) {
          set({ isSaving: false });
          if (isVersionConflict(error)) {
            await reloadAfterConflict(id);
            return false;
          }
          set({ error: messageOf(error, DRAFT_MESSAGES.saveDraftFailed) });
          return false;
        }
      },

      updateDraftStatus: async (id, status) => {
        try {
          const { draft } = await deps.api.updateStatus(id, draftStatusUpdate(status, new Date(deps.now())));
          set({ drafts: get().drafts.map((item) => (item.id === id ? { ...item, status, updatedAt: draft.updatedAt, completedAt: draft.completedAt } : item)) });
          return true;
        } catch (error) {
          set({ error: messageOf(error, DRAFT_MESSAGES.updateDraftStatusFailed) });
          return false;
        }
      },

      deleteDraft: async (id) => {
        try {
          await deps.api.remove(id);
          if (get().workingDraft?.id === id) setWorking(null);
          set({
            drafts: get().drafts.filter((item) => item.id !== id),
            currentDraftId: selectionAfterDelete(get().currentDraftId, id),
            saveQueue: get().saveQueue.filter((item) => item.id !== id),
          });
          return true;
        } catch (error) {
          set({ error: messageOf(error, DRAFT_MESSAGES.deleteDraftFailed) });
          return false;
        }
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
  api: draftsApi,
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
