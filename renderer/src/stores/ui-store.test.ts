// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from './ui-store';

/** docs/behaviour.md §3: local storage holds the interface preferences (theme, sidebar collapsed, preferred units). */
const STORAGE_KEY = 'ui-preferences';
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> } | null;
const fresh = useUiStore.getState();

beforeEach(() => {
  localStorage.clear();
  useUiStore.setState(fresh, true);
});
afterEach(() => localStorage.clear());

describe('interface preferences in local storage (docs/behaviour.md §3)', () => {
  it('keeps theme, sidebar collapsed and preferred units as they are chosen, with the interface flags, and never an open modal', () => {
    const ui = useUiStore.getState();
    ui.setTheme('dark');
    ui.toggleSidebar();
    ui.setPreferredUnits('acres');
    ui.setFlag('stickyButtons', false);
    ui.openModal('validation');
    expect(stored()?.state).toEqual({
      theme: 'dark',
      preferredUnits: 'acres',
      flags: { stickyButtons: false, enhancedValidation: true, progressIndicator: true, sidebarCollapsed: true },
    });
  });

  it('applies what is stored when the app loads', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ state: { theme: 'light', preferredUnits: 'acres', flags: { stickyButtons: false, enhancedValidation: false, progressIndicator: false, sidebarCollapsed: true } }, version: 1 }),
    );
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState()).toMatchObject({
      theme: 'light',
      preferredUnits: 'acres',
      flags: { stickyButtons: false, enhancedValidation: false, progressIndicator: false, sidebarCollapsed: true },
      modals: { fireRiskSurvey: false, validation: false },
    });
  });

  it('with nothing stored, enhanced validation and the progress indicator are on (docs/behaviour.md §2) and the sidebar is not collapsed', async () => {
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState().flags).toMatchObject({ enhancedValidation: true, progressIndicator: true, sidebarCollapsed: false });
  });

  it('a flag the stored preferences do not name keeps its default, so enhanced validation and the progress indicator stay on', async () => {
    // Preferences stored before a flag existed, or by another version of the app.
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ state: { theme: 'dark', flags: { sidebarCollapsed: true } }, version: 1 }));
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState()).toMatchObject({ theme: 'dark', preferredUnits: 'hectares', flags: { stickyButtons: true, enhancedValidation: true, progressIndicator: true, sidebarCollapsed: true } });
  });
});
