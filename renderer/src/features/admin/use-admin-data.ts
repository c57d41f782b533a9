import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { apiRequest, ApiRequestError } from '../../lib/api-client';

export type AdminData<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * GET a path with a response schema, again whenever the path changes or reload() is called. An
 * answer to an older path never replaces the newer one; while reloading, the last data stays shown.
 */
export function useAdminData<S extends z.ZodType>(path: string, schema: S): AdminData<z.output<S>> & { reload: () => void; isRefreshing: boolean } {
  const [state, setState] = useState<AdminData<z.output<S>>>({ status: 'loading' });
  const [isRefreshing, setRefreshing] = useState(false);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setRefreshing(true);
    apiRequest('GET', path, { schema })
      .then((data) => current && setState({ status: 'ready', data }))
      .catch((error: unknown) => current && setState({ status: 'error', message: error instanceof ApiRequestError ? error.message : 'The list could not be loaded. Check your connection and try again.' }))
      .finally(() => current && setRefreshing(false));
    return () => {
      current = false;
    };
  }, [path, schema, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, reload, isRefreshing };
}

/** The query string of a list request, without empty values. */
export function listPath(base: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}
