import { useSyncExternalStore } from 'react';

/** Where the sidebar stands beside the page rather than folding behind the Menu button (shell.module.css). */
const SIDEBAR_BESIDE = '(min-width: 56rem)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(SIDEBAR_BESIDE) : null);

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the sidebar has the room of a wide screen now; follows the window as it is resized. */
export function useSidebarBeside(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? true,
    () => true,
  );
}
