import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_SAVE } from '@shared/constants';
import { DRAFT_CONFLICT_NOTICE, DRAFT_MESSAGES, DRAFT_VERSION_CONFLICT_CODE, type AutoSavePayload, type Draft } from '@shared/contracts/drafts';
import { emptyQuoteState } from '@shared/contracts/quote';
import { buildAutoSavePayload } from '@shared/domain/quote/auto-save';
import { KEPT_IN_BROWSER_MESSAGE } from '@shared/domain/quote/draft-limits';
import { ApiRequestError } from '../../../lib/api-client';
import { createDraftStore, type DraftStoreDeps } from './draft-store';

function quoteWith(firstName: string) {
  const quote = emptyQuoteState();
  quote.personalDetails.firstName = firstName;
  return quote;
}

function payload(firstName = 'Jan', draftId = 'd-1'): AutoSavePayload {
  return buildAutoSavePayload({ userId: 'u-1', step: 'get-started', quote: quoteWith(firstName), draftId });
}

function storedDraft(id: string, version: number, firstName = 'Server'): Draft {
  const { quoteData } = payload(firstName, id);
  return { id, userId: 'u-1', step: 'get-started', status: 'DRAFT', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-02T00:00:00.000Z', version, dataHash: '0123456789abcdef', quoteData };
}

const conflict = () => new ApiRequestError(409, DRAFT_VERSION_CONFLICT_CODE, 'changed elsewhere');
const serverDown = () => new ApiRequestError(503, 'unavailable', '');

interface FakeServer {
  saveQuoteDraft?: DraftStoreDeps['save'];
  getDraft?: DraftStoreDeps['read'];
}

function setup({ saveQuoteDraft, getDraft }: FakeServer = {}) {
  const unexpected = () => Promise.reject(new Error('not expected in this test'));
  const applied: Draft[] = [];
  const quoteErrors: Record<string, string | null> = {};
  const deps: DraftStoreDeps = {
    save: saveQuoteDraft ?? unexpected,
    read: getDraft ?? unexpected,
    applyDraft: (draft) => applied.push(draft),
    setQuoteLoading: () => undefined,
    setQuoteError: (area, message) => (quoteErrors[area] = message),
    setQuoteDraftId: () => undefined,
    now: () => Date.now(),
    newId: () => 'new-id',
  };
  return { store: createDraftStore(deps), applied, quoteErrors };
}

/** Lets pending promise callbacks run without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('auto-save status timings (docs/behaviour.md §4, §9)', () => {
  it('goes saving → saved, records the time, and returns to idle after 2 s', async () => {
    const saveQuoteDraft = vi.fn().mockResolvedValue({ success: true, draft: { id: 'd-1', version: 1, dataHash: '0123456789abcdef', updatedAt: 'x' } });
    const { store } = setup({ saveQuoteDraft });
    store.getState().queueAutoSave(payload());
    expect(store.getState().autoSave.status).toBe('saving');
    await settle();
    expect(store.getState().autoSave).toMatchObject({ status: 'saved', lastSaved: Date.now(), error: null });
    expect(store.getState().saveQueue).toEqual([]);
    expect(store.getState().workingDraft).toEqual({ id: 'd-1', version: 1 });
    await vi.advanceTimersByTimeAsync(AUTO_SAVE.savedResetMs - 1);
    expect(store.getState().autoSave.status).toBe('saved');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().autoSave.status).toBe('idle');
  });

  it('shows error with "Auto-save failed" for 3 s, then retries 3 times 5 s apart and gives up', async () => {
    const saveQuoteDraft = vi.fn().mockRejectedValue(serverDown());
    const { store, quoteErrors } = setup({ saveQuoteDraft });
    store.getState().queueAutoSave(payload());
    await settle();
    expect(saveQuoteDraft).toHaveBeenCalledTimes(1);
    expect(store.getState().autoSave).toMatchObject({ status: 'error', error: DRAFT_MESSAGES.autoSaveFailed });
    await vi.advanceTimersByTimeAsync(AUTO_SAVE.errorResetMs);
    expect(store.getState().autoSave.status).toBe('idle');
    for (let retry = 1; retry <= AUTO_SAVE.retries; retry += 1) {
      await vi.advanceTimersByTimeAsync(AUTO_SAVE.retryDelayMs - AUTO_SAVE.errorResetMs - 1);
      expect(saveQuoteDraft).toHaveBeenCalledTimes(retry);
      await vi.advanceTimersByTimeAsync(1);
      expect(saveQuoteDraft).toHaveBeenCalledTimes(retry + 1);
      await vi.advanceTimersByTimeAsync(AUTO_SAVE.errorResetMs);
    }
    expect(store.getState().autoSave.error).toBe(DRAFT_MESSAGES.autoSaveProgressFailed);
    expect(store.getState().notice).toBe(DRAFT_MESSAGES.autoSaveProgressFailed);
    expect(quoteErrors['autoSave']).toBe(DRAFT_MESSAGES.autoSaveProgressFailed);
    expect(store.getState().saveQueue).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saveQuoteDraft).toHaveBeenCalledTimes(1 + AUTO_SAVE.retries);
  });

  it('does not retry a save the server refused as too large: it shows the server’s reason and says the work is kept', async () => {
    const reason = 'The paddock outlines in this quote have 81,126 corners; a quote keeps at most 60,000. Remove paddocks you do not need protected, or import fewer boundaries.';
    const saveQuoteDraft = vi.fn().mockRejectedValue(new ApiRequestError(413, 'draft_too_large', reason));
    const { store, quoteErrors } = setup({ saveQuoteDraft });
    store.getState().queueAutoSave(payload());
    await settle();
    const shown = `${reason} ${KEPT_IN_BROWSER_MESSAGE}`;
    expect(store.getState().autoSave).toMatchObject({ status: 'error', error: shown });
    expect(store.getState().notice).toBe(shown);
    expect(quoteErrors['autoSave']).toBe(shown);
    expect(store.getState().saveQueue).toEqual([]);
    await vi.advanceTimersByTimeAsync(AUTO_SAVE.retryDelayMs * 4);
    expect(saveQuoteDraft).toHaveBeenCalledTimes(1);
    // The next change is tried again: once it fits, it is saved.
    saveQuoteDraft.mockResolvedValueOnce({ success: true, draft: { id: 'd-1', version: 1, dataHash: '0123456789abcdef', updatedAt: 'x' } });
    store.getState().queueAutoSave(payload('Smaller'));
    await settle();
    expect(store.getState().autoSave.status).toBe('saved');
  });

  it('recovers when a retry succeeds', async () => {
    const saveQuoteDraft = vi
      .fn()
      .mockRejectedValueOnce(serverDown())
      .mockResolvedValue({ success: true, draft: { id: 'd-1', version: 1, dataHash: '0123456789abcdef', updatedAt: 'x' } });
    const { store } = setup({ saveQuoteDraft });
    store.getState().queueAutoSave(payload());
    await settle();
    await vi.advanceTimersByTimeAsync(AUTO_SAVE.retryDelayMs);
    expect(saveQuoteDraft).toHaveBeenCalledTimes(2);
    expect(store.getState().autoSave.status).toBe('saved');
    expect(store.getState().saveQueue).toEqual([]);
  });

  it('setting an error forces error; a step change resets to idle', () => {
    const { store } = setup();
    store.getState().setAutoSaveStatus('saved');
    store.getState().setAutoSaveError('Disk full');
    expect(store.getState().autoSave).toMatchObject({ status: 'error', error: 'Disk full' });
    store.getState().stepChanged();
    expect(store.getState().autoSave.status).toBe('idle');
  });

  it('sends the version of the working draft with later saves and keeps a snapshot queued during a save', async () => {
    let resolveFirst: (value: unknown) => void = () => undefined;
    const saveQuoteDraft = vi
      .fn()
      .mockImplementationOnce(() => new Promise((resolve) => (resolveFirst = resolve)))
      .mockResolvedValue({ success: true, draft: { id: 'd-1', version: 2, dataHash: '0123456789abcdef', updatedAt: 'x' } });
    const { store } = setup({ saveQuoteDraft });
    store.getState().queueAutoSave(payload('First'));
    await vi.advanceTimersByTimeAsync(10);
    store.getState().queueAutoSave(payload('Second'));
    resolveFirst({ success: true, draft: { id: 'd-1', version: 1, dataHash: '0123456789abcdef', updatedAt: 'x' } });
    await settle();
    expect(saveQuoteDraft).toHaveBeenCalledTimes(2);
    expect(saveQuoteDraft.mock.calls[0]?.[0]).toMatchObject({ draftId: 'd-1', version: undefined });
    expect(saveQuoteDraft.mock.calls[1]?.[0]).toMatchObject({ draftId: 'd-1', version: 1, quoteData: { personalDetails: { firstName: 'Second' } } });
    expect(store.getState().workingDraft).toEqual({ id: 'd-1', version: 2 });
  });

  it('sanitises the payload before it is sent (docs/behaviour.md §5)', async () => {
    const saveQuoteDraft = vi.fn().mockResolvedValue({ success: true, draft: { id: 'd-1', version: 1, dataHash: '0123456789abcdef', updatedAt: 'x' } });
    const { store } = setup({ saveQuoteDraft });
    store.getState().queueAutoSave(payload('Jan<script>alert(1)</script>'));
    await settle();
    expect(saveQuoteDraft.mock.calls[0]?.[0].quoteData.personalDetails.firstName).toBe('Jan');
  });
});

describe('version conflicts', () => {
  it('on 409 drops the queue, loads the newer draft and tells the person', async () => {
    const saveQuoteDraft = vi.fn().mockRejectedValue(conflict());
    const getDraft = vi.fn().mockResolvedValue(storedDraft('d-1', 5, 'Other tab'));
    const { store, applied } = setup({ saveQuoteDraft, getDraft });
    store.getState().setWorkingDraft({ id: 'd-1', version: 4 });
    store.getState().queueAutoSave(payload());
    await settle();
    expect(getDraft).toHaveBeenCalledWith('d-1');
    expect(applied[0]?.quoteData.personalDetails.firstName).toBe('Other tab');
    expect(store.getState()).toMatchObject({ saveQueue: [], notice: DRAFT_CONFLICT_NOTICE, workingDraft: { id: 'd-1', version: 5 } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saveQuoteDraft).toHaveBeenCalledTimes(1);
  });
});

describe('draft lifecycle (docs/behaviour.md §4)', () => {
  it('auto-selects the most recently updated resumable draft only when none is selected', async () => {
    const drafts = [
      { ...storedDraft('old', 1), updatedAt: '2025-01-01T00:00:00.000Z' },
      { ...storedDraft('done', 1), status: 'COMPLETED' as const, updatedAt: '2025-03-01T00:00:00.000Z' },
      { ...storedDraft('recent', 1), status: 'IN_PROGRESS' as const, updatedAt: '2025-02-01T00:00:00.000Z' },
    ];
    const { store } = setup();
    store.getState().listed(drafts);
    expect(store.getState().currentDraftId).toBe('recent');
    store.getState().selectDraft('old');
    store.getState().listed(drafts);
    expect(store.getState().currentDraftId).toBe('old');
  });

  it('deleting the current draft clears the selection, the working draft and its queued saves', () => {
    const { store } = setup({ saveQuoteDraft: () => new Promise(() => undefined) });
    store.getState().selectDraft('d-1');
    store.getState().setWorkingDraft({ id: 'd-1', version: 2 });
    store.getState().queueAutoSave(payload('First'));
    store.getState().queueAutoSave(payload('Second'));
    store.getState().deleted('d-1');
    expect(store.getState()).toMatchObject({ currentDraftId: null, workingDraft: null, saveQueue: [] });
  });

  it('opening a draft puts it into the quote and makes it the selection and the working draft', () => {
    const { store, applied, quoteErrors } = setup();
    store.getState().opened(storedDraft('d-7', 4, 'Resumed'));
    expect(applied.map((draft) => draft.quoteData.personalDetails.firstName)).toEqual(['Resumed']);
    expect(store.getState()).toMatchObject({ currentDraftId: 'd-7', workingDraft: { id: 'd-7', version: 4 }, lastSavedHash: '0123456789abcdef' });
    expect(quoteErrors['draft']).toBeNull();
  });
});
