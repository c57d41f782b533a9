import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_SAVE } from '@shared/constants';
import { DRAFT_CONFLICT_NOTICE, DRAFT_MESSAGES, DRAFT_VERSION_CONFLICT_CODE, type AutoSavePayload, type Draft } from '@shared/contracts/drafts';
import { emptyQuoteState } from '@shared/contracts/quote';
import { buildAutoSavePayload } from '@shared/domain/quote/auto-save';
import { KEPT_IN_BROWSER_MESSAGE } from '@shared/domain/quote/draft-limits';
import { ApiRequestError } from '../../../lib/api-client';
import { createDraftStore, type DraftStoreDeps } from './draft-store';
import type { DraftsApi } from './drafts-api';

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

function fakeApi(overrides: Partial<DraftsApi> = {}): DraftsApi {
  const unexpected = () => Promise.reject(new Error('not expected in this test'));
  return {
    list: unexpected,
    get: unexpected,
    create: unexpected,
    update: unexpected,
    updateStatus: unexpected,
    remove: unexpected,
    getQuoteDraft: unexpected,
    saveQuoteDraft: unexpected,
    ...overrides,
  };
}

function setup(api: DraftsApi) {
  const applied: Draft[] = [];
  const quoteErrors: Record<string, string | null> = {};
  const deps: DraftStoreDeps = {
    api,
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

describe('auto-save status timings (SPEC §4, §9)', () => {
  it('goes saving → saved, records the time, and returns to idle after 2 s', async () => {
    const saveQuoteDraft = vi.fn().mockResolvedValue({ success: true, draft: { id: 'd-1', version: 1, dataHash: '0123456789abcdef', updatedAt: 'x' } });
    const { store } = setup(fakeApi({ saveQuoteDraft }));
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
    const { store, quoteErrors } = setup(fakeApi({ saveQuoteDraft }));
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
    const { store, quoteErrors } = setup(fakeApi({ saveQuoteDraft }));
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
    const { store } = setup(fakeApi({ saveQuoteDraft }));
    store.getState().queueAutoSave(payload());
    await settle();
    await vi.advanceTimersByTimeAsync(AUTO_SAVE.retryDelayMs);
    expect(saveQuoteDraft).toHaveBeenCalledTimes(2);
    expect(store.getState().autoSave.status).toBe('saved');
    expect(store.getState().saveQueue).toEqual([]);
  });

  it('setting an error forces error; a step change resets to idle', () => {
    const { store } = setup(fakeApi());
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
    const { store } = setup(fakeApi({ saveQuoteDraft }));
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

  it('sanitises the payload before it is sent (SPEC §5)', async () => {
    const saveQuoteDraft = vi.fn().mockResolvedValue({ success: true, draft: { id: 'd-1', version: 1, dataHash: '0123456789abcdef', updatedAt: 'x' } });
    const { store } = setup(fakeApi({ saveQuoteDraft }));
    store.getState().queueAutoSave(payload('Jan<script>alert(1)</script>'));
    await settle();
    expect(saveQuoteDraft.mock.calls[0]?.[0].quoteData.personalDetails.firstName).toBe('Jan');
  });
});

describe('version conflicts', () => {
  it('on 409 drops the queue, loads the newer draft and tells the person', async () => {
    const saveQuoteDraft = vi.fn().mockRejectedValue(conflict());
    const getQuoteDraft = vi.fn().mockResolvedValue({ success: true, draft: storedDraft('d-1', 5, 'Other tab') });
    const { store, applied } = setup(fakeApi({ saveQuoteDraft, getQuoteDraft }));
    store.getState().setWorkingDraft({ id: 'd-1', version: 4 });
    store.getState().queueAutoSave(payload());
    await settle();
    expect(getQuoteDraft).toHaveBeenCalledWith('d-1');
    expect(applied[0]?.quoteData.personalDetails.firstName).toBe('Other tab');
    expect(store.getState()).toMatchObject({ saveQueue: [], notice: DRAFT_CONFLICT_NOTICE, workingDraft: { id: 'd-1', version: 5 } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saveQuoteDraft).toHaveBeenCalledTimes(1);
  });

  it('a manual save that conflicts reloads too', async () => {
    const update = vi.fn().mockRejectedValue(conflict());
    const getQuoteDraft = vi.fn().mockResolvedValue({ success: true, draft: storedDraft('d-1', 3) });
    const { store } = setup(fakeApi({ update, getQuoteDraft }));
    store.getState().setWorkingDraft({ id: 'd-1', version: 2 });
    expect(await store.getState().saveDraft(payload())).toBe(false);
    expect(update.mock.calls[0]?.[1]).toMatchObject({ version: 2, status: 'DRAFT' });
    expect(store.getState().notice).toBe(DRAFT_CONFLICT_NOTICE);
  });
});

describe('draft lifecycle (SPEC §4)', () => {
  it('creates a new draft with POST and then updates it with PUT and its version', async () => {
    const create = vi.fn().mockResolvedValue({ success: true, draft: storedDraft('d-1', 1) });
    const update = vi.fn().mockResolvedValue({ success: true, draft: storedDraft('d-1', 2) });
    const { store } = setup(fakeApi({ create, update }));
    expect(await store.getState().saveDraft(payload('Jan', 'd-1'))).toBe(true);
    expect(create.mock.calls[0]?.[0]).toMatchObject({ id: 'd-1', status: 'DRAFT', userId: 'u-1' });
    expect(create.mock.calls[0]?.[0].dataHash).toMatch(/^[0-9a-f]{16}$/);
    expect(await store.getState().saveDraft(payload('Jan', 'd-1'))).toBe(true);
    expect(update).toHaveBeenCalledWith('d-1', expect.objectContaining({ version: 1 }));
    expect(store.getState()).toMatchObject({ currentDraftId: 'd-1', workingDraft: { id: 'd-1', version: 2 } });
  });

  it('forceNew creates a new draft under a new id', async () => {
    const create = vi.fn().mockResolvedValue({ success: true, draft: storedDraft('new-id', 1) });
    const { store } = setup(fakeApi({ create }));
    store.getState().setWorkingDraft({ id: 'd-1', version: 3 });
    await store.getState().saveDraft({ ...payload(), forceNew: true });
    expect(create.mock.calls[0]?.[0].id).toBe('new-id');
  });

  it('auto-selects the most recently updated resumable draft only when none is selected', async () => {
    const drafts = [
      { ...storedDraft('old', 1), updatedAt: '2025-01-01T00:00:00.000Z' },
      { ...storedDraft('done', 1), status: 'COMPLETED' as const, updatedAt: '2025-03-01T00:00:00.000Z' },
      { ...storedDraft('recent', 1), status: 'IN_PROGRESS' as const, updatedAt: '2025-02-01T00:00:00.000Z' },
    ];
    const list = vi.fn().mockResolvedValue({ success: true, drafts });
    const { store } = setup(fakeApi({ list }));
    await store.getState().loadDrafts('u-1');
    expect(store.getState().currentDraftId).toBe('recent');
    store.getState().selectDraft('old');
    await store.getState().loadDrafts('u-1');
    expect(store.getState().currentDraftId).toBe('old');
  });

  it('sends completedAt with COMPLETED', async () => {
    const updateStatus = vi.fn().mockResolvedValue({ success: true, draft: { updatedAt: '2025-03-01T00:00:00.000Z' } });
    const { store } = setup(fakeApi({ updateStatus }));
    await store.getState().updateDraftStatus('d-1', 'COMPLETED');
    expect(updateStatus).toHaveBeenCalledWith('d-1', { status: 'COMPLETED', completedAt: '2025-03-01T00:00:00.000Z' });
    await store.getState().updateDraftStatus('d-1', 'ACTIVE');
    expect(updateStatus).toHaveBeenLastCalledWith('d-1', { status: 'ACTIVE' });
  });

  it('deleting the current draft clears the selection and the working draft', async () => {
    const remove = vi.fn().mockResolvedValue({ success: true });
    const { store } = setup(fakeApi({ remove }));
    store.getState().selectDraft('d-1');
    store.getState().setWorkingDraft({ id: 'd-1', version: 2 });
    await store.getState().deleteDraft('d-1');
    expect(store.getState()).toMatchObject({ currentDraftId: null, workingDraft: null });
  });

  it('shows the server message, else the SPEC §8 text, for each failing call', async () => {
    const { store } = setup(
      fakeApi({
        list: () => Promise.reject(serverDown()),
        get: () => Promise.reject(new ApiRequestError(404, 'not_found', 'Draft not found.')),
        create: () => Promise.reject(serverDown()),
        updateStatus: () => Promise.reject(serverDown()),
        remove: () => Promise.reject(new ApiRequestError(0, 'network_error', 'Network error')),
      }),
    );
    await store.getState().loadDrafts('u-1');
    expect(store.getState().error).toBe(DRAFT_MESSAGES.loadDraftsFailed);
    await store.getState().loadDraft('d-1');
    expect(store.getState().error).toBe('Draft not found.');
    await store.getState().saveDraft(payload());
    expect(store.getState().error).toBe(DRAFT_MESSAGES.saveDraftFailed);
    await store.getState().updateDraftStatus('d-1', 'ACTIVE');
    expect(store.getState().error).toBe(DRAFT_MESSAGES.updateDraftStatusFailed);
    await store.getState().deleteDraft('d-1');
    expect(store.getState().error).toBe(DRAFT_MESSAGES.deleteDraftFailed);
    expect(store.getState().isLoading).toBe(false);
    expect(store.getState().isSaving).toBe(false);
  });
});
