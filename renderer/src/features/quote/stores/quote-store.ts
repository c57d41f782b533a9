/**
 * The quote client state area (docs/behaviour.md §3 'Quote (client state)'): the quote being built, its loading
 * flags and errors map, and the local quote draft kept in local storage while signed in.
 */
import type { CoverageType } from '@shared/constants';
import type { Draft } from '@shared/contracts/drafts';
import type { Estimate } from '@shared/contracts/pricing';
import {
  emptyQuoteState,
  farmDataSchema,
  personalDetailsSchema,
  type Coverage,
  type CropDetail,
  type FarmData,
  type GroupDetail,
  type FarmPricingMode,
  type PaddockSectionInput,
  type PersonalDetails,
  type QuoteLoading,
  type QuoteState,
  type QuoteStatus,
  type ValidationData,
  paddockSectionSchema,
  withoutUnfitCopies,
} from '@shared/contracts/quote';
import { createAppStore } from '../../../stores/create-store';

export type LoadingFlag = keyof QuoteLoading;

export const initialLoading: QuoteLoading = {
  draft: false,
  estimate: false,
  submission: false,
  calculation: false,
  validation: false,
  quote: false,
  autoSave: false,
};

/** The quote with its client-only parts always present. */
export type QuoteData = QuoteState & { loading: QuoteLoading; errors: Record<string, string> };

export interface QuoteActions {
  updatePersonalDetails: (changes: Partial<PersonalDetails>) => void;
  updateFarmData: (changes: Partial<Omit<FarmData, 'paddockSections' | 'pricingMode'>>) => void;
  /** Adds a paddock section; the id is made here so every section has one. */
  addPaddockSection: (section: Omit<PaddockSectionInput, 'id'> & { id?: string }) => string;
  updatePaddockSection: (id: string, changes: Partial<Omit<PaddockSectionInput, 'id'>>) => void;
  removePaddockSection: (id: string) => void;
  updateCropDetail: (crop: string, changes: Partial<Omit<CropDetail, 'lastModified'>>) => void;
  /** Changes farmData.pricingMode and cropDetails.pricingMode together (the validation store resets). */
  setPricingMode: (mode: FarmPricingMode) => void;
  /** Group details (group pricing mode), keyed by the group section's id. */
  updateGroupDetail: (groupId: string, changes: Partial<Omit<GroupDetail, 'id'>>) => void;
  /** Changes farmData.yieldPriceMode and cropDetails.yieldPriceMode together. */
  setYieldPriceMode: (mode: FarmPricingMode) => void;
  /** The minimum hurdle per crop from /api/crop-configs, kept with the crop details. */
  setMinimumHurdlePercentages: (minimums: Record<string, number>) => void;
  /** Replaces the fire, hail and both estimates (a type not given is cleared) and the selection. */
  setEstimates: (estimates: Partial<Record<CoverageType, Estimate>>, selectedCoverageType: CoverageType | null) => void;
  setSelectedCoverageType: (type: CoverageType) => void;
  /** Merges into coverage (hurdle comparisons are merged by key). */
  updateCoverage: (changes: Partial<Coverage>) => void;
  setSavedEstimateId: (id: string) => void;
  setQuoteId: (id: string) => void;
  setSelectedOption: (option: string) => void;
  setValidationData: (data: ValidationData) => void;
  setStatus: (status: QuoteStatus) => void;
  setDraftId: (draftId: string | undefined) => void;
  setSupport: (customerId: string | null) => void;
  setLoading: (flag: LoadingFlag, value: boolean) => void;
  /** Sets or (with null) clears the error of one area, e.g. 'draft', 'autoSave'. */
  setError: (area: string, message: string | null) => void;
  /** docs/behaviour.md §4: loading a draft sets the status to draft. */
  loadDraft: (draft: Pick<Draft, 'id' | 'quoteData'> & { validationData?: ValidationData | undefined }) => void;
  /** A quote rebuilt from a saved estimate (status saved, isRestoredFromSave set). */
  loadQuote: (quote: QuoteState) => void;
  /** Restores the local quote draft (personal details and farm data) kept while signed in. */
  restoreLocalDraft: (draft: LocalQuoteDraft) => void;
  reset: () => void;
}

export type QuoteStore = QuoteData & QuoteActions;

export function initialQuoteData(): QuoteData {
  return { ...emptyQuoteState(), loading: { ...initialLoading }, errors: {} };
}

function touch(state: QuoteData) {
  state.lastModified = new Date().toISOString();
}

let sectionCounter = 0;
/** Section ids only need to be unique within a quote; time plus a counter plus randomness is plenty. */
function newSectionId(): string {
  sectionCounter += 1;
  return `section-${Date.now().toString(36)}-${sectionCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

export const useQuoteStore = createAppStore<QuoteStore>((set) => ({
  ...initialQuoteData(),

  updatePersonalDetails: (changes) =>
    set((state) => {
      Object.assign(state.personalDetails, changes);
      touch(state);
    }),

  updateFarmData: (changes) =>
    set((state) => {
      Object.assign(state.farmData, changes);
      touch(state);
    }),

  addPaddockSection: (section) => {
    const parsed = paddockSectionSchema.parse({ ...section, id: section.id ?? newSectionId() });
    set((state) => {
      state.farmData.paddockSections.push(parsed);
      touch(state);
    });
    return parsed.id;
  },

  updatePaddockSection: (id, changes) =>
    set((state) => {
      const section = state.farmData.paddockSections.find((item) => item.id === id);
      if (!section) return;
      Object.assign(section, changes);
      touch(state);
    }),

  removePaddockSection: (id) =>
    set((state) => {
      state.farmData.paddockSections = state.farmData.paddockSections.filter((item) => item.id !== id);
      touch(state);
    }),

  updateCropDetail: (crop, changes) =>
    set((state) => {
      const now = new Date().toISOString();
      state.cropDetails.byCrop[crop] = { ...state.cropDetails.byCrop[crop], ...changes, lastModified: now };
      touch(state);
    }),

  setPricingMode: (mode) =>
    set((state) => {
      state.farmData.pricingMode = mode;
      state.cropDetails.pricingMode = mode;
      touch(state);
    }),

  updateGroupDetail: (groupId, changes) =>
    set((state) => {
      const current = state.cropDetails.groupDetails[groupId] ?? { id: groupId, name: '', crops: [], riskProfile: 'moderate' };
      state.cropDetails.groupDetails[groupId] = { ...current, ...changes, id: groupId };
      touch(state);
    }),

  setYieldPriceMode: (mode) =>
    set((state) => {
      state.farmData.yieldPriceMode = mode;
      state.cropDetails.yieldPriceMode = mode;
      touch(state);
    }),

  setMinimumHurdlePercentages: (minimums) =>
    set((state) => {
      state.cropDetails.minimumHurdlePercentages = minimums;
    }),

  setEstimates: (estimates, selectedCoverageType) =>
    set((state) => {
      state.estimates = { ...estimates, ...(selectedCoverageType === null ? {} : { selectedCoverageType }) };
      touch(state);
    }),

  updateCoverage: (changes) =>
    set((state) => {
      const { hurdleComparisons, ...rest } = changes;
      Object.assign(state.coverage, rest);
      if (hurdleComparisons !== undefined) Object.assign(state.coverage.hurdleComparisons, hurdleComparisons);
      touch(state);
    }),

  setSavedEstimateId: (id) => set({ savedEstimateId: id }),
  setQuoteId: (id) => set({ quoteId: id }),

  setSelectedCoverageType: (type) =>
    set((state) => {
      state.estimates.selectedCoverageType = type;
      touch(state);
    }),

  setSelectedOption: (option) =>
    set((state) => {
      state.coverage.selectedOption = option;
      touch(state);
    }),

  setValidationData: (data) =>
    set((state) => {
      state.validationData = data;
    }),

  setStatus: (status) => set({ status }),
  setDraftId: (draftId) => set({ draftId }),
  setSupport: (customerId) => set({ isSupport: customerId !== null, supportCustomerId: customerId ?? undefined }),
  setLoading: (flag, value) => set((state) => void (state.loading[flag] = value)),
  setError: (area, message) =>
    set((state) => {
      if (message === null) delete state.errors[area];
      else state.errors[area] = message;
    }),

  loadDraft: (draft) =>
    set((state) => ({
      ...initialQuoteData(),
      ...draft.quoteData,
      validationData: draft.validationData ?? draft.quoteData.validationData,
      status: 'draft',
      draftId: draft.id,
      // Support mode belongs to this browser session, not to the stored draft.
      isSupport: state.isSupport,
      supportCustomerId: state.supportCustomerId,
      loading: { ...initialLoading },
      errors: {},
    })),

  loadQuote: (quote) =>
    set((state) => ({
      ...initialQuoteData(),
      ...quote,
      isSupport: state.isSupport,
      supportCustomerId: state.supportCustomerId,
      loading: { ...initialLoading },
      errors: {},
    })),

  restoreLocalDraft: (draft) =>
    set((state) => {
      state.personalDetails = draft.personalDetails;
      state.farmData = draft.farmData;
      state.lastModified = draft.lastModified;
    }),

  reset: () =>
    set((state) => {
      // Every field back to a new quote's, the optional ones too (whose quote, which draft and estimate), so nothing of the last is left.
      const cleared = Object.fromEntries(
        Object.entries(state)
          .filter(([, value]) => typeof value !== 'function')
          .map(([key]) => [key, undefined]),
      );
      return { ...cleared, ...initialQuoteData() };
    }),
}));

// ---------------------------------------------------------------------------------------------
// The local quote draft (docs/behaviour.md §3): personalDetails, farmData, lastModified, only when signed in.
// ---------------------------------------------------------------------------------------------

export const LOCAL_QUOTE_DRAFT_KEY = 'quote-draft';

export interface LocalQuoteDraft {
  personalDetails: PersonalDetails;
  farmData: FarmData;
  lastModified: string;
  /** The server draft this work belongs to, so it is put back only over that draft. */
  draftId?: string | undefined;
}

/** The part of Storage the local draft needs, so tests can pass a Map-backed one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Keeps the local quote draft for a signed-in person and removes it for anyone else, so a shared
 * computer keeps no one's details after they sign out. Passwords are never written.
 */
export function syncLocalQuoteDraft(storage: KeyValueStorage, quote: Pick<QuoteState, 'personalDetails' | 'farmData' | 'lastModified' | 'draftId'>, isAuthenticated: boolean): void {
  if (!isAuthenticated) {
    storage.removeItem(LOCAL_QUOTE_DRAFT_KEY);
    return;
  }
  const { password: _password, confirmPassword: _confirm, ...personalDetails } = quote.personalDetails;
  const draft = { personalDetails, farmData: quote.farmData, lastModified: quote.lastModified ?? new Date().toISOString(), draftId: quote.draftId };
  try {
    storage.setItem(LOCAL_QUOTE_DRAFT_KEY, JSON.stringify(draft));
  } catch (error) {
    // The browser's storage is full: the copy from the last change that fitted stays, and the quote goes on.
    console.warn('The quote could not be kept in this browser', error);
  }
}

/** How long the quote's changes gather before the local quote draft is written again. */
export const LOCAL_DRAFT_WRITE_DELAY_MS = 400;

type KeptParts = Pick<QuoteState, 'personalDetails' | 'farmData' | 'lastModified' | 'draftId'>;

/**
 * Keeps the local quote draft in step with the quote store until the returned function is called
 * (which writes what is pending). A farm's boundary file adds dozens of paddocks of thousands of
 * corners in one go, and the draft is written whole: so it is written only when what it keeps has
 * changed, at most once per LOCAL_DRAFT_WRITE_DELAY_MS, and at once when the page is hidden or left,
 * so nothing the page showed is missing from it after a reload.
 */
export function keepLocalQuoteDraft(storage: KeyValueStorage, isAuthenticated: boolean): () => void {
  if (!isAuthenticated) {
    syncLocalQuoteDraft(storage, useQuoteStore.getState(), false);
    return () => undefined;
  }
  let written: KeptParts | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unchanged = (quote: KeptParts) =>
    written !== null && written.personalDetails === quote.personalDetails && written.farmData === quote.farmData && written.lastModified === quote.lastModified && written.draftId === quote.draftId;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const quote = useQuoteStore.getState();
    if (unchanged(quote)) return;
    written = { personalDetails: quote.personalDetails, farmData: quote.farmData, lastModified: quote.lastModified, draftId: quote.draftId };
    syncLocalQuoteDraft(storage, quote, true);
  };
  const writeWhenHidden = () => {
    if (document.visibilityState === 'hidden') write();
  };
  write();
  const unsubscribe = useQuoteStore.subscribe((quote) => {
    if (timer === undefined && !unchanged(quote)) timer = setTimeout(write, LOCAL_DRAFT_WRITE_DELAY_MS);
  });
  window.addEventListener('pagehide', write);
  document.addEventListener('visibilitychange', writeWhenHidden);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', write);
    document.removeEventListener('visibilitychange', writeWhenHidden);
    write();
  };
}

/**
 * Whether the work kept in this browser is newer than the draft just loaded from the server (its
 * saves were refused or never arrived), so it is put back over it.
 */
export function localDraftIsNewer(local: LocalQuoteDraft | null, loaded: { id: string; lastModified?: string | undefined }, userId: string): local is LocalQuoteDraft {
  if (local === null || local.personalDetails.userId !== userId) return false;
  if (local.draftId !== undefined && local.draftId !== loaded.id) return false;
  return loaded.lastModified === undefined || Date.parse(local.lastModified) > Date.parse(loaded.lastModified);
}

/** The stored local draft, or null when there is none or it cannot be read. */
export function readLocalQuoteDraft(storage: KeyValueStorage): LocalQuoteDraft | null {
  const raw = storage.getItem(LOCAL_QUOTE_DRAFT_KEY);
  if (raw === null) return null;
  try {
    const value = withoutUnfitCopies(JSON.parse(raw)) as Record<string, unknown>;
    const personalDetails = personalDetailsSchema.safeParse(value['personalDetails']);
    const farmData = farmDataSchema.safeParse(value['farmData']);
    const lastModified = value['lastModified'];
    if (!personalDetails.success || !farmData.success || typeof lastModified !== 'string') return null;
    const draftId = typeof value['draftId'] === 'string' ? value['draftId'] : undefined;
    return { personalDetails: personalDetails.data, farmData: farmData.data, lastModified, draftId };
  } catch {
    return null;
  }
}
