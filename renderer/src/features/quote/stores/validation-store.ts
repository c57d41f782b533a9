/**
 * The validation client state area (docs/behaviour.md §3 'Validation records', §4 'Validation'). The rules are
 * the pure functions of shared/domain/quote/validation.ts; this store holds the result and copies
 * it into the quote, which is what drafts save and the navigation rules read.
 */
import type { FarmPricingMode, SectionValidation, ValidationData } from '@shared/contracts/quote';
import { addSectionError, applyPricingModeChange, removeSectionError, removeSectionValidation, resetValidation, setSectionValidation, validateQuoteSections } from '@shared/domain/quote/validation';
import type { QuoteView } from '@shared/domain/quote/types';
import { createAppStore } from '../../../stores/create-store';
import { useQuoteStore } from './quote-store';

export interface ValidationStore extends ValidationData {
  setSection: (sectionId: string, record: SectionValidation) => void;
  removeSection: (sectionId: string) => void;
  addError: (sectionId: string, error: string) => void;
  removeError: (sectionId: string, error: string) => void;
  /** Validates every priced section of the quote. */
  validateQuote: (quote: QuoteView) => void;
  /**
   * Changes the quote's pricing mode; docs/behaviour.md §4: a change resets the section records and the global
   * result. Lives here, not in the quote store, so the two can never be changed apart.
   */
  changePricingMode: (mode: FarmPricingMode) => void;
  /** Takes the records of a loaded draft. */
  load: (data: ValidationData) => void;
  reset: () => void;
}

export const useValidationStore = createAppStore<ValidationStore>((set, get) => {
  const apply = (data: ValidationData) => {
    set({ sections: data.sections, global: data.global });
    useQuoteStore.getState().setValidationData(data);
  };
  const current = (): ValidationData => ({ sections: get().sections, global: get().global });
  return {
    ...resetValidation(),
    setSection: (sectionId, record) => apply(setSectionValidation(current(), sectionId, record)),
    removeSection: (sectionId) => apply(removeSectionValidation(current(), sectionId)),
    addError: (sectionId, error) => apply(addSectionError(current(), sectionId, error)),
    removeError: (sectionId, error) => apply(removeSectionError(current(), sectionId, error)),
    validateQuote: (quote) => apply(validateQuoteSections(quote)),
    changePricingMode: (mode) => {
      const quote = useQuoteStore.getState();
      const previousMode = quote.cropDetails.pricingMode ?? quote.farmData.pricingMode;
      quote.setPricingMode(mode);
      apply(applyPricingModeChange(current(), previousMode, mode));
    },
    load: (data) => apply(data),
    reset: () => apply(resetValidation()),
  };
});
