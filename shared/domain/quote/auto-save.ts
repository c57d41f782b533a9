/**
 * Auto-save rules (docs/behaviour.md §4 'Auto-save status', §3 'Save queue item', §9 'Auto-save'): when to save,
 * the status indicator as a pure reducer, the retry policy and the save queue.
 */
import { AUTO_SAVE } from '../../constants';
import { DRAFT_MESSAGES } from '../../contracts/drafts';
import type { AutoSavePayload } from '../../contracts/drafts';
import type { QuoteState, ValidationData } from '../../contracts/quote';
import { draftQuoteData, hasDraftContent } from './draft';
import type { WizardStep } from '../../contracts/quote-steps';
import { hasText } from './types';
import type { QuoteView } from './types';

// ---------------------------------------------------------------------------------------------
// When to save
// ---------------------------------------------------------------------------------------------

export interface AutoSaveContext {
  isAuthenticated: boolean;
  userId: string | null | undefined;
  step: WizardStep;
  quote: QuoteView;
}

/** docs/behaviour.md §4: only when authenticated, with a user id, not on success, and the quote has content. */
export function shouldAutoSave({ isAuthenticated, userId, step, quote }: AutoSaveContext): boolean {
  return isAuthenticated && hasText(userId) && step !== 'success' && hasDraftContent(quote);
}

/**
 * How long the quote must stay unchanged before an automatic save is queued. docs/behaviour.md §4 does not say
 * when auto-save runs between steps; saving once the person pauses keeps typing from sending a
 * request per key while losing at most two seconds of work.
 */
export const AUTO_SAVE_IDLE_MS = 2_000;

/** Leaving one of these steps while signed in triggers a save. */
export const SAVE_ON_LEAVE_STEPS = ['get-started', 'farm-mapping', 'protection-calculator'] as const satisfies readonly WizardStep[];

/** Whether moving from one step to another (a real move) should trigger a save. */
export function shouldSaveOnLeave(from: WizardStep, to: WizardStep, isAuthenticated: boolean): boolean {
  return isAuthenticated && from !== to && (SAVE_ON_LEAVE_STEPS as readonly WizardStep[]).includes(from);
}

/** Builds the auto-save payload of docs/behaviour.md §3 from the quote, storing only draft data (no passwords, flags). */
export function buildAutoSavePayload(input: {
  userId: string;
  step: WizardStep;
  quote: QuoteState;
  validationData?: ValidationData;
  uiState?: Record<string, unknown>;
  draftId?: string | null;
  forceNew?: boolean;
}): AutoSavePayload {
  return {
    userId: input.userId,
    step: input.step,
    quoteData: draftQuoteData(input.quote),
    validationData: input.validationData ?? input.quote.validationData,
    uiState: input.uiState,
    draftId: input.draftId ?? undefined,
    forceNew: input.forceNew ?? false,
  };
}

// ---------------------------------------------------------------------------------------------
// Status indicator
// ---------------------------------------------------------------------------------------------

export const AUTO_SAVE_STATUSES = ['idle', 'saving', 'saved', 'error'] as const;
export type AutoSaveStatus = (typeof AUTO_SAVE_STATUSES)[number];

export interface AutoSaveState {
  status: AutoSaveStatus;
  /** Time of the last successful save (ms since the epoch). */
  lastSaved: number | null;
  error: string | null;
  /**
   * Counts transitions. A scheduled reset carries the revision it was scheduled at and only
   * applies if nothing has happened since, so a stale timer never cuts a later save short.
   */
  revision: number;
}

export type AutoSaveEvent = { type: 'set-status'; status: AutoSaveStatus; at: number } | { type: 'set-error'; error: string | null } | { type: 'step-changed' } | { type: 'reset-elapsed'; revision: number };

export interface AutoSaveTransition {
  state: AutoSaveState;
  /** When set, dispatch { type: 'reset-elapsed', revision: state.revision } after this many ms. */
  resetAfterMs: number | null;
}

export function initialAutoSaveState(): AutoSaveState {
  return { status: 'idle', lastSaved: null, error: null, revision: 0 };
}

/** Whether the indicator is shown (docs/behaviour.md §2: whenever the status is not idle). */
export function isAutoSaveIndicatorVisible(state: AutoSaveState): boolean {
  return state.status !== 'idle';
}

function next(state: AutoSaveState, changes: Partial<Omit<AutoSaveState, 'revision'>>, resetAfterMs: number | null = null): AutoSaveTransition {
  return { state: { ...state, ...changes, revision: state.revision + 1 }, resetAfterMs };
}

/**
 * docs/behaviour.md §4: saved records the time, clears the error and returns to idle after 2 s; error records
 * 'Auto-save failed' and returns to idle after 3 s; setting an error value forces error (clearing
 * it ends an error status); a step change resets to idle.
 */
export function autoSaveReducer(state: AutoSaveState, event: AutoSaveEvent): AutoSaveTransition {
  switch (event.type) {
    case 'set-status':
      switch (event.status) {
        case 'saved':
          return next(state, { status: 'saved', lastSaved: event.at, error: null }, AUTO_SAVE.savedResetMs);
        case 'error':
          return next(state, { status: 'error', error: DRAFT_MESSAGES.autoSaveFailed }, AUTO_SAVE.errorResetMs);
        case 'saving':
        case 'idle':
          return next(state, { status: event.status });
      }
      break;
    case 'set-error':
      if (event.error === null) return next(state, { error: null, status: state.status === 'error' ? 'idle' : state.status });
      return next(state, { status: 'error', error: event.error }, AUTO_SAVE.errorResetMs);
    case 'step-changed':
      return next(state, { status: 'idle' });
    case 'reset-elapsed':
      if (event.revision !== state.revision || (state.status !== 'saved' && state.status !== 'error')) return { state, resetAfterMs: null };
      return next(state, { status: 'idle' });
  }
  return { state, resetAfterMs: null };
}

// ---------------------------------------------------------------------------------------------
// Retries and the save queue
// ---------------------------------------------------------------------------------------------

/** docs/behaviour.md §3 'Save queue item'. */
export interface SaveQueueItem<TData = unknown> {
  id: string;
  step: WizardStep;
  data: TData;
  /** When the save was asked for (ms since the epoch). */
  timestamp: number;
  /** Retries already made for this item. */
  retryCount: number;
}

export type RetryDecision = { retry: true; delayMs: number; retryCount: number } | { retry: false; message: typeof DRAFT_MESSAGES.autoSaveProgressFailed };

/**
 * After a failed save of an item that has had `retryCount` retries: retry in 5 s while fewer than
 * 3 retries were made (so at most 4 attempts), else give up with 'Failed to save progress automatically'.
 */
export function retryDecision(retryCount: number): RetryDecision {
  if (retryCount < AUTO_SAVE.retries) return { retry: true, delayMs: AUTO_SAVE.retryDelayMs, retryCount: retryCount + 1 };
  return { retry: false, message: DRAFT_MESSAGES.autoSaveProgressFailed };
}

export function createSaveQueueItem<TData>(input: { id: string; step: WizardStep; data: TData; now: number }): SaveQueueItem<TData> {
  return { id: input.id, step: input.step, data: input.data, timestamp: input.now, retryCount: 0 };
}

/** Adds an item; an item with the same id is replaced (its retry count is kept). */
export function enqueueSave<TData>(queue: readonly SaveQueueItem<TData>[], item: SaveQueueItem<TData>): SaveQueueItem<TData>[] {
  const existing = queue.find((queued) => queued.id === item.id);
  if (existing === undefined) return [...queue, item];
  return queue.map((queued) => (queued.id === item.id ? { ...item, retryCount: existing.retryCount } : queued));
}

/**
 * The item to save next: the newest one, since each item holds a whole snapshot of the quote and a
 * newer snapshot supersedes older ones.
 */
export function nextSave<TData>(queue: readonly SaveQueueItem<TData>[]): SaveQueueItem<TData> | null {
  let newest: SaveQueueItem<TData> | null = null;
  for (const item of queue) if (newest === null || item.timestamp >= newest.timestamp) newest = item;
  return newest;
}

/**
 * docs/behaviour.md §4: a successful save clears the save queue. Only a snapshot asked for after the saved one
 * (while it was on its way) stays, because the save did not include it and dropping it would lose
 * the person's latest change.
 */
export function queueAfterSuccess<TData>(queue: readonly SaveQueueItem<TData>[], saved: Pick<SaveQueueItem, 'timestamp'>): SaveQueueItem<TData>[] {
  return queue.filter((item) => item.timestamp > saved.timestamp).map((item) => ({ ...item, retryCount: 0 }));
}

/** After a failed save: the item's retry count goes up while retrying; it leaves the queue when giving up. */
export function queueAfterFailure<TData>(queue: readonly SaveQueueItem<TData>[], failedId: string): { queue: SaveQueueItem<TData>[]; decision: RetryDecision | null } {
  const item = queue.find((queued) => queued.id === failedId);
  if (item === undefined) return { queue: [...queue], decision: null };
  const decision = retryDecision(item.retryCount);
  if (!decision.retry) return { queue: queue.filter((queued) => queued.id !== failedId), decision };
  const retryCount = decision.retryCount;
  return { queue: queue.map((queued) => (queued.id === failedId ? { ...queued, retryCount } : queued)), decision };
}
