import { create, type StateCreator, type StoreMutatorIdentifier } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { sanitizePayload } from '@shared/domain/sanitize';

type SanitizeActions = <T, Mps extends [StoreMutatorIdentifier, unknown][] = [], Mcs extends [StoreMutatorIdentifier, unknown][] = []>(initializer: StateCreator<T, Mps, Mcs>) => StateCreator<T, Mps, Mcs>;

/**
 * The one place where docs/behaviour.md §5 input sanitising happens: every function in a store's state is an
 * action, and each is wrapped so that every string in its arguments is sanitised before it runs.
 */
export const sanitizeActions: SanitizeActions = (initializer) => (set, get, api) => {
  const state = initializer(set, get, api);
  if (state === null || typeof state !== 'object') return state;
  const wrapped = { ...state } as Record<string, unknown>;
  for (const [key, value] of Object.entries(wrapped)) {
    if (typeof value === 'function') {
      const action = value as (...args: unknown[]) => unknown;
      wrapped[key] = (...args: unknown[]) => action(...args.map((arg) => sanitizePayload(arg)));
    }
  }
  return wrapped as typeof state;
};

/** A client state area: zustand with immer drafts and sanitised action payloads. */
export function createAppStore<T extends object>(initializer: StateCreator<T, [['zustand/immer', never]]>) {
  return create<T>()(sanitizeActions(immer(initializer)));
}
