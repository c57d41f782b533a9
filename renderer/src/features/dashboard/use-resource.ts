import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: string }
  | { status: 'ready'; data: T; error?: undefined };

/** Loads data for a page and reloads it on demand or when a key changes; a stale answer never overwrites a newer one. */
export function useResource<T>(load: () => Promise<T>, key: string): Resource<T> & { reload: () => void; set: (data: T) => void } {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  const lastKey = useRef(key);
  useEffect(() => {
    let current = true;
    // A reload keeps what is on screen; another record (a new key) starts from loading.
    const sameKey = lastKey.current === key;
    lastKey.current = key;
    setState((previous) => (sameKey && previous.status === 'ready' ? previous : { status: 'loading' }));
    loader
      .current()
      .then((data) => current && setState({ status: 'ready', data }))
      .catch((error: unknown) => current && setState({ status: 'error', error: error instanceof Error ? error.message : 'Something went wrong.' }));
    return () => {
      current = false;
    };
  }, [key, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { ...state, reload, set };
}
