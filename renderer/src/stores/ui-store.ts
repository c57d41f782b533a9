import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { immer } from 'zustand/middleware/immer';
import { sanitizeActions } from './create-store';

export type Theme = 'light' | 'dark' | 'system';
export type PreferredUnits = 'hectares' | 'acres';
export type InterfaceFlag = 'stickyButtons' | 'enhancedValidation' | 'progressIndicator' | 'sidebarCollapsed';
export type ModalName = 'fireRiskSurvey' | 'validation';

export interface UiState {
  theme: Theme;
  preferredUnits: PreferredUnits;
  flags: Record<InterfaceFlag, boolean>;
  modals: Record<ModalName, boolean>;
  setTheme: (theme: Theme) => void;
  setPreferredUnits: (units: PreferredUnits) => void;
  setFlag: (flag: InterfaceFlag, value: boolean) => void;
  toggleSidebar: () => void;
  openModal: (modal: ModalName) => void;
  closeModal: (modal: ModalName) => void;
}

/** docs/behaviour.md §2 interface flags: enhanced validation and the progress indicator are on by default. */
export const defaultFlags: Record<InterfaceFlag, boolean> = {
  stickyButtons: true,
  enhancedValidation: true,
  progressIndicator: true,
  sidebarCollapsed: false,
};

export const useUiStore = create<UiState>()(
  persist(
    sanitizeActions(
      immer((set) => ({
        theme: 'system',
        preferredUnits: 'hectares',
        flags: { ...defaultFlags },
        modals: { fireRiskSurvey: false, validation: false },
        setTheme: (theme) => set({ theme }),
        setPreferredUnits: (preferredUnits) => set({ preferredUnits }),
        setFlag: (flag, value) => set((state) => void (state.flags[flag] = value)),
        toggleSidebar: () => set((state) => void (state.flags.sidebarCollapsed = !state.flags.sidebarCollapsed)),
        openModal: (modal) => set((state) => void (state.modals[modal] = true)),
        closeModal: (modal) => set((state) => void (state.modals[modal] = false)),
      })),
    ),
    {
      name: 'ui-preferences',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Interface preferences only; open modals are never restored.
      partialize: (state) => ({ theme: state.theme, preferredUnits: state.preferredUnits, flags: state.flags }),
      // A flag the stored preferences do not name (stored before it existed) keeps its docs/behaviour.md §2 default.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Pick<UiState, 'theme' | 'preferredUnits' | 'flags'>>;
        return { ...current, ...stored, flags: { ...current.flags, ...stored.flags } };
      },
    },
  ),
);
