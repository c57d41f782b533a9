import { describe, expect, it } from 'vitest';
import { emptyQuoteState } from '../../contracts/quote';
import {
  SAVE_ON_LEAVE_STEPS,
  autoSaveReducer,
  buildAutoSavePayload,
  createSaveQueueItem,
  enqueueSave,
  initialAutoSaveState,
  isAutoSaveIndicatorVisible,
  nextSave,
  queueAfterFailure,
  queueAfterSuccess,
  retryDecision,
  shouldAutoSave,
  shouldSaveOnLeave,
} from './auto-save';
import type { AutoSaveEvent, AutoSaveState } from './auto-save';
import { WIZARD_STEPS } from '../../contracts/quote-steps';

const withContent = { personalDetails: { firstName: 'Jan' } };

describe('shouldAutoSave (docs/behaviour.md §4)', () => {
  const base = { isAuthenticated: true, userId: 'u-1', step: 'farm-mapping' as const, quote: withContent };

  it('saves when authenticated, with a user id, off the success step, with content', () => {
    expect(shouldAutoSave(base)).toBe(true);
  });
  it('does not save when any condition fails', () => {
    expect(shouldAutoSave({ ...base, isAuthenticated: false })).toBe(false);
    expect(shouldAutoSave({ ...base, userId: null })).toBe(false);
    expect(shouldAutoSave({ ...base, userId: '' })).toBe(false);
    expect(shouldAutoSave({ ...base, step: 'success' })).toBe(false);
    expect(shouldAutoSave({ ...base, quote: emptyQuoteState() })).toBe(false);
  });
});

describe('save on leaving a step', () => {
  it('is triggered by leaving get-started, farm-mapping or protection-calculator while signed in', () => {
    expect([...SAVE_ON_LEAVE_STEPS]).toEqual(['get-started', 'farm-mapping', 'protection-calculator']);
    const triggering = WIZARD_STEPS.filter((from) => shouldSaveOnLeave(from, 'success', true));
    expect(triggering).toEqual(['get-started', 'farm-mapping', 'protection-calculator']);
    expect(shouldSaveOnLeave('farm-mapping', 'get-started', true)).toBe(true);
    expect(shouldSaveOnLeave('farm-mapping', 'protection-calculator', false)).toBe(false);
    expect(shouldSaveOnLeave('farm-mapping', 'farm-mapping', true)).toBe(false);
  });
});

describe('autoSaveReducer (docs/behaviour.md §4 auto-save status)', () => {
  const run = (events: AutoSaveEvent[], start: AutoSaveState = initialAutoSaveState()) => events.reduce((state, event) => autoSaveReducer(state, event).state, start);

  it('saving has no timer', () => {
    const { state, resetAfterMs } = autoSaveReducer(initialAutoSaveState(), { type: 'set-status', status: 'saving', at: 1 });
    expect(state.status).toBe('saving');
    expect(resetAfterMs).toBeNull();
    expect(isAutoSaveIndicatorVisible(state)).toBe(true);
  });

  it('saved records the time, clears the error and goes back to idle after 2 s', () => {
    const failed = run([{ type: 'set-error', error: 'boom' }]);
    const { state, resetAfterMs } = autoSaveReducer(failed, { type: 'set-status', status: 'saved', at: 1234 });
    expect(state).toMatchObject({ status: 'saved', lastSaved: 1234, error: null });
    expect(resetAfterMs).toBe(2000);
    const after = autoSaveReducer(state, { type: 'reset-elapsed', revision: state.revision });
    expect(after.state.status).toBe('idle');
    expect(after.state.lastSaved).toBe(1234);
    expect(isAutoSaveIndicatorVisible(after.state)).toBe(false);
  });

  it("error records 'Auto-save failed' and goes back to idle after 3 s", () => {
    const { state, resetAfterMs } = autoSaveReducer(initialAutoSaveState(), { type: 'set-status', status: 'error', at: 5 });
    expect(state).toMatchObject({ status: 'error', error: 'Auto-save failed' });
    expect(resetAfterMs).toBe(3000);
    expect(autoSaveReducer(state, { type: 'reset-elapsed', revision: state.revision }).state.status).toBe('idle');
  });

  it('setting an error value forces the status to error', () => {
    const saving = run([{ type: 'set-status', status: 'saving', at: 1 }]);
    const { state, resetAfterMs } = autoSaveReducer(saving, { type: 'set-error', error: 'Network down' });
    expect(state).toMatchObject({ status: 'error', error: 'Network down' });
    expect(resetAfterMs).toBe(3000);
  });

  it('clearing the error ends an error status and leaves other statuses alone', () => {
    expect(
      run([
        { type: 'set-error', error: 'x' },
        { type: 'set-error', error: null },
      ]),
    ).toMatchObject({ status: 'idle', error: null });
    expect(
      run([
        { type: 'set-status', status: 'saving', at: 1 },
        { type: 'set-error', error: null },
      ]).status,
    ).toBe('saving');
  });

  it('a step change resets the status to idle', () => {
    for (const status of ['saving', 'saved', 'error'] as const) {
      expect(run([{ type: 'set-status', status, at: 1 }, { type: 'step-changed' }]).status).toBe('idle');
    }
  });

  it('a stale timer does not cut a later save short', () => {
    const saved = autoSaveReducer(initialAutoSaveState(), { type: 'set-status', status: 'saved', at: 1 }).state;
    const savingAgain = autoSaveReducer(saved, { type: 'set-status', status: 'saving', at: 2 }).state;
    expect(autoSaveReducer(savingAgain, { type: 'reset-elapsed', revision: saved.revision }).state.status).toBe('saving');
    const savedAgain = autoSaveReducer(savingAgain, { type: 'set-status', status: 'saved', at: 3 }).state;
    expect(autoSaveReducer(savedAgain, { type: 'reset-elapsed', revision: saved.revision }).state.status).toBe('saved');
    expect(autoSaveReducer(savedAgain, { type: 'reset-elapsed', revision: savedAgain.revision }).state.status).toBe('idle');
  });
});

describe('retry policy', () => {
  it('retries 3 times, 5 s apart, then gives up with the docs/behaviour.md §8 text', () => {
    expect(retryDecision(0)).toEqual({ retry: true, delayMs: 5000, retryCount: 1 });
    expect(retryDecision(1)).toEqual({ retry: true, delayMs: 5000, retryCount: 2 });
    expect(retryDecision(2)).toEqual({ retry: true, delayMs: 5000, retryCount: 3 });
    expect(retryDecision(3)).toEqual({ retry: false, message: 'Failed to save progress automatically' });
  });

  it('drives a queue item through three retries and removes it after the fourth failure', () => {
    let queue = enqueueSave([], createSaveQueueItem({ id: 'q1', step: 'farm-mapping', data: { n: 1 }, now: 10 }));
    const decisions = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const result = queueAfterFailure(queue, 'q1');
      queue = result.queue;
      decisions.push(result.decision?.retry);
    }
    expect(decisions).toEqual([true, true, true, false]);
    expect(queue).toEqual([]);
  });
});

describe('save queue', () => {
  const item = (id: string, now: number, n = 0) => createSaveQueueItem({ id, step: 'get-started', data: { n }, now });

  it('creates items with retry count 0', () => {
    expect(item('a', 5)).toEqual({ id: 'a', step: 'get-started', data: { n: 0 }, timestamp: 5, retryCount: 0 });
  });

  it('replaces an item with the same id and keeps its retry count', () => {
    let queue = enqueueSave([], item('a', 1));
    queue = queueAfterFailure(queue, 'a').queue;
    queue = enqueueSave(queue, item('a', 2, 7));
    expect(queue).toEqual([{ id: 'a', step: 'get-started', data: { n: 7 }, timestamp: 2, retryCount: 1 }]);
  });

  it('saves the newest snapshot next and clears everything on success', () => {
    const queue = enqueueSave(enqueueSave(enqueueSave([], item('a', 1)), item('b', 3)), item('c', 2));
    expect(nextSave(queue)?.id).toBe('b');
    expect(nextSave([])).toBeNull();
    expect(queueAfterSuccess(queue, { timestamp: 3 })).toEqual([]);
    expect(queueAfterFailure(queue, 'zzz')).toEqual({ queue, decision: null });
  });

  it('keeps only a snapshot asked for while the successful save was on its way', () => {
    const saving = item('a', 1);
    const newer = { ...item('a', 5, 9), retryCount: 2 };
    expect(queueAfterSuccess([newer], saving)).toEqual([{ ...newer, retryCount: 0 }]);
    expect(queueAfterSuccess([saving], saving)).toEqual([]);
  });
});

describe('buildAutoSavePayload', () => {
  it('sends the docs/behaviour.md §3 fields without passwords or client-only flags', () => {
    const quote = emptyQuoteState();
    quote.personalDetails.password = 'secret';
    quote.errors = { draft: 'x' };
    const payload = buildAutoSavePayload({ userId: 'u', step: 'get-started', quote, draftId: 'd-1' });
    expect(Object.keys(payload).sort()).toEqual(['draftId', 'forceNew', 'quoteData', 'step', 'uiState', 'userId', 'validationData']);
    expect(payload.quoteData.personalDetails).not.toHaveProperty('password');
    expect(payload.quoteData).not.toHaveProperty('errors');
    expect(payload.forceNew).toBe(false);
  });
});
