// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyQuoteState } from '@shared/contracts/quote';
import { keepLocalQuoteDraft, LOCAL_DRAFT_WRITE_DELAY_MS, LOCAL_QUOTE_DRAFT_KEY, readLocalQuoteDraft, syncLocalQuoteDraft, useQuoteStore, type KeyValueStorage } from './quote-store';
import { useValidationStore } from './validation-store';

function memoryStorage(): KeyValueStorage & { data: Map<string, string>; writes: number } {
  const data = new Map<string, string>();
  const storage = {
    data,
    writes: 0,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      storage.writes += 1;
      data.set(key, value);
    },
    removeItem: (key: string) => void data.delete(key),
  };
  return storage;
}

/** The paddock names in the local quote draft, as a reload would read them. */
const keptPaddockNames = (storage: KeyValueStorage) => readLocalQuoteDraft(storage)?.farmData.paddockSections.map((paddock) => paddock.name);

beforeEach(() => {
  useQuoteStore.getState().reset();
  useValidationStore.getState().reset();
});

describe('quote store', () => {
  it('starts as a draft with every loading flag off and no errors (docs/behaviour.md §3)', () => {
    const state = useQuoteStore.getState();
    expect(state.status).toBe('draft');
    expect(state.loading).toEqual({ draft: false, estimate: false, submission: false, calculation: false, validation: false, quote: false, autoSave: false });
    expect(state.errors).toEqual({});
    expect(state.farmData).toMatchObject({ pricingMode: 'crop', yieldPriceMode: 'crop', paddockName: 'Main Paddock' });
  });

  it('sanitises every string of an action payload (docs/behaviour.md §5)', () => {
    useQuoteStore.getState().updatePersonalDetails({ firstName: 'Jan<script>x()</script>', address: '<iframe src="x"></iframe>1 Main Rd' });
    useQuoteStore.getState().addPaddockSection({ name: 'North <img src=x onerror=alert(1)>', area: 10 });
    const state = useQuoteStore.getState();
    expect(state.personalDetails.firstName).toBe('Jan');
    expect(state.personalDetails.address).toBe('1 Main Rd');
    expect(state.farmData.paddockSections[0]?.name).toBe('North <img src=x>');
    expect(state.lastModified).toBeDefined();
  });

  it('adds, changes and removes paddock sections with the docs/behaviour.md §3 defaults', () => {
    const id = useQuoteStore.getState().addPaddockSection({ name: 'Back paddock', area: 120 });
    expect(useQuoteStore.getState().farmData.paddockSections[0]).toMatchObject({ id, variant: 'standard', riskZone: 'moderate', status: 'active' });
    useQuoteStore.getState().updatePaddockSection(id, { crop: 'wheat' });
    expect(useQuoteStore.getState().farmData.paddockSections[0]?.crop).toBe('wheat');
    useQuoteStore.getState().removePaddockSection(id);
    expect(useQuoteStore.getState().farmData.paddockSections).toEqual([]);
  });

  it('loading a draft sets the status to draft and keeps the support session', () => {
    useQuoteStore.getState().setSupport('customer-1');
    useQuoteStore.getState().setStatus('saved');
    const quoteData = { ...emptyQuoteState(), personalDetails: { ...emptyQuoteState().personalDetails, firstName: 'Stored' } };
    useQuoteStore.getState().loadDraft({ id: 'd-1', quoteData });
    expect(useQuoteStore.getState()).toMatchObject({ status: 'draft', draftId: 'd-1', isSupport: true, supportCustomerId: 'customer-1', personalDetails: { firstName: 'Stored' } });
  });

  it('keeps the errors map by area', () => {
    useQuoteStore.getState().setError('draft', 'Failed to load draft');
    expect(useQuoteStore.getState().errors).toEqual({ draft: 'Failed to load draft' });
    useQuoteStore.getState().setError('draft', null);
    expect(useQuoteStore.getState().errors).toEqual({});
  });
});

describe('local quote draft (docs/behaviour.md §3: only when signed in)', () => {
  it('stores personalDetails, farmData and lastModified for a signed-in person, without passwords', () => {
    const storage = memoryStorage();
    const quote = emptyQuoteState();
    quote.personalDetails.firstName = 'Jan';
    quote.personalDetails.password = 'never stored';
    quote.lastModified = '2025-03-01T00:00:00.000Z';
    syncLocalQuoteDraft(storage, quote, true);
    const raw = storage.data.get(LOCAL_QUOTE_DRAFT_KEY) ?? '';
    expect(raw).not.toContain('never stored');
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual(['farmData', 'lastModified', 'personalDetails']);
    expect(readLocalQuoteDraft(storage)).toMatchObject({ personalDetails: { firstName: 'Jan' }, lastModified: '2025-03-01T00:00:00.000Z' });
  });

  it('reads work kept before the survey’s copy had a shape, without a copy that does not fit', () => {
    const storage = memoryStorage();
    const kept = { personalDetails: { firstName: 'Jan', hasCompletedSurvey: true, fireRiskSurveyData: { source: 'survey' } }, farmData: {}, lastModified: '2025-03-01T00:00:00.000Z' };
    storage.setItem(LOCAL_QUOTE_DRAFT_KEY, JSON.stringify(kept));
    const read = readLocalQuoteDraft(storage);
    expect(read).toMatchObject({ personalDetails: { firstName: 'Jan', hasCompletedSurvey: true }, lastModified: '2025-03-01T00:00:00.000Z' });
    expect(read?.personalDetails.fireRiskSurveyData).toBeUndefined();
  });

  it('reads work kept with a paddock’s centre off the globe without that centre, the paddock kept', () => {
    const storage = memoryStorage();
    const kept = { personalDetails: { firstName: 'Jan' }, farmData: { paddockSections: [{ id: 'home', name: 'Home', centroid: { lat: 1000, lng: 5000 } }] }, lastModified: '2025-03-01T00:00:00.000Z' };
    storage.setItem(LOCAL_QUOTE_DRAFT_KEY, JSON.stringify(kept));
    const [paddock] = readLocalQuoteDraft(storage)?.farmData.paddockSections ?? [];
    expect(paddock).toMatchObject({ id: 'home', name: 'Home' });
    expect(paddock).not.toHaveProperty('centroid');
  });

  it('removes it for a visitor and ignores unreadable data', () => {
    const storage = memoryStorage();
    syncLocalQuoteDraft(storage, emptyQuoteState(), true);
    syncLocalQuoteDraft(storage, emptyQuoteState(), false);
    expect(storage.data.has(LOCAL_QUOTE_DRAFT_KEY)).toBe(false);
    storage.setItem(LOCAL_QUOTE_DRAFT_KEY, '{not json');
    expect(readLocalQuoteDraft(storage)).toBeNull();
  });
});

describe('local quote draft while the quote changes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const addPaddocks = (names: string[]) => {
    for (const name of names) useQuoteStore.getState().addPaddockSection({ id: name, name, area: 10 });
  };

  it('writes a boundary file’s many paddocks once, with all of them, and nothing for a change it does not keep', () => {
    const storage = memoryStorage();
    const stop = keepLocalQuoteDraft(storage, true);
    expect(storage.writes).toBe(1);

    addPaddocks(['North 1', 'North 2', 'North 3']);
    expect(keptPaddockNames(storage)).toEqual([]);
    vi.advanceTimersByTime(LOCAL_DRAFT_WRITE_DELAY_MS);
    expect(storage.writes).toBe(2);
    expect(keptPaddockNames(storage)).toEqual(['North 1', 'North 2', 'North 3']);

    useQuoteStore.getState().setLoading('autoSave', true);
    useQuoteStore.getState().setError('draft', 'Auto-save failed');
    vi.advanceTimersByTime(LOCAL_DRAFT_WRITE_DELAY_MS);
    expect(storage.writes).toBe(2);
    stop();
  });

  it('writes what is pending at once when the page is hidden, left or closed', () => {
    const storage = memoryStorage();
    const stop = keepLocalQuoteDraft(storage, true);
    addPaddocks(['Hidden']);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(keptPaddockNames(storage)).toEqual(['Hidden']);

    addPaddocks(['Left']);
    window.dispatchEvent(new Event('pagehide'));
    expect(keptPaddockNames(storage)).toEqual(['Hidden', 'Left']);

    addPaddocks(['Closed']);
    stop();
    expect(keptPaddockNames(storage)).toEqual(['Hidden', 'Left', 'Closed']);
    addPaddocks(['After']);
    vi.advanceTimersByTime(LOCAL_DRAFT_WRITE_DELAY_MS);
    window.dispatchEvent(new Event('pagehide'));
    expect(keptPaddockNames(storage)).toEqual(['Hidden', 'Left', 'Closed']);
  });

  it('keeps nothing for someone not signed in, however the quote changes', () => {
    const storage = memoryStorage();
    storage.setItem(LOCAL_QUOTE_DRAFT_KEY, JSON.stringify({ personalDetails: { firstName: 'Left behind' } }));
    const stop = keepLocalQuoteDraft(storage, false);
    addPaddocks(['North 1']);
    vi.advanceTimersByTime(LOCAL_DRAFT_WRITE_DELAY_MS);
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect(storage.data.has(LOCAL_QUOTE_DRAFT_KEY)).toBe(false);
  });
});

describe('validation store (docs/behaviour.md §3, §4)', () => {
  it('recalculates the global record on every section change and copies it into the quote', () => {
    const validation = useValidationStore.getState();
    validation.setSection('a', { isComplete: true, isValid: true, errors: [], warnings: [], completionRate: 100 });
    validation.setSection('b', { isComplete: false, isValid: true, errors: [], warnings: [], completionRate: 50 });
    validation.setSection('c', { isComplete: false, isValid: true, errors: [], warnings: [], completionRate: 0 });
    expect(useValidationStore.getState().global).toMatchObject({ totalSections: 3, completedSections: 1, completionRate: 33, userEnteredSections: 2, userEnteredRate: 67 });
    expect(useQuoteStore.getState().validationData.global.completionRate).toBe(33);
  });

  it('adding an error makes a section invalid, removing the last makes it valid', () => {
    const validation = useValidationStore.getState();
    validation.addError('a', 'Price per tonne must be greater than 0');
    expect(useValidationStore.getState().sections['a']?.isValid).toBe(false);
    useValidationStore.getState().removeError('a', 'Price per tonne must be greater than 0');
    expect(useValidationStore.getState().sections['a']?.isValid).toBe(true);
  });

  it('a change of pricing mode resets the section records and the global result', () => {
    useValidationStore.getState().setSection('a', { isComplete: true, isValid: true, errors: [], warnings: [], completionRate: 100 });
    useValidationStore.getState().changePricingMode('crop');
    expect(Object.keys(useValidationStore.getState().sections)).toEqual(['a']);
    useValidationStore.getState().changePricingMode('group');
    expect(useValidationStore.getState().sections).toEqual({});
    expect(useValidationStore.getState().global.totalSections).toBe(0);
    expect(useQuoteStore.getState().farmData.pricingMode).toBe('group');
    expect(useQuoteStore.getState().cropDetails.pricingMode).toBe('group');
  });
});
