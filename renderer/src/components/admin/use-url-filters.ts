import { useEffect, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';

type Changes = Record<string, string | undefined>;

/**
 * An admin list's filters, page and open item, kept in the address so a filtered list can be
 * shared and reloaded. `update` sets the given parameters (an empty value removes one); `filter`
 * does the same and goes back to the first page, because the old page may no longer exist.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  // Changes build on the address as it is now, not as the caller's render saw it: a search checked
  // while staff open an item applies after, from a render that had no item open, and keeps it.
  const current = useRef({ shown: params, latest: params });
  if (current.current.shown !== params) current.current = { shown: params, latest: params };
  const update = (changes: Changes) => {
    const next = new URLSearchParams(current.current.latest);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    current.current.latest = next;
    setParams(next);
  };
  return {
    params,
    page: Math.max(1, Number(params.get('page')) || 1),
    update,
    filter: (changes: Changes) => update({ ...changes, page: undefined }),
  };
}

/** The page's filters as written in its address (?from=&to=…), '' for those not given, and a way to apply new ones. */
export function useAddressFilters<K extends string>(keys: readonly K[]): [Record<K, string>, (filters: Partial<Record<K, string | undefined>>) => void] {
  const { params, update } = useUrlFilters();
  const applied = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  return [applied, (filters) => update(Object.fromEntries(keys.map((key) => [key, filters[key]])))];
}

/** A report's period: the one the server chose when none was asked for is shown in the form's From and To fields. */
export function useRangeChosenByServer<T extends FieldValues, Context, Output>(form: UseFormReturn<T, Context, Output>, range: { from: string; to: string } | undefined) {
  useEffect(() => {
    if (!range) return;
    for (const field of ['from', 'to'] as const) {
      const name = field as Path<T>;
      if (!form.getValues(name)) form.setValue(name, range[field] as PathValue<T, Path<T>>);
    }
  }, [range, form]);
}
