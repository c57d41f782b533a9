import { useSearchParams } from 'react-router';

type Changes = Record<string, string | undefined>;

/**
 * An admin list's filters, page and open item, kept in the address so a filtered list can be
 * shared and reloaded. `update` sets the given parameters (an empty value removes one); `filter`
 * does the same and goes back to the first page, because the old page may no longer exist.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  return {
    params,
    page: Math.max(1, Number(params.get('page')) || 1),
    update,
    filter: (changes: Changes) => update({ ...changes, page: undefined }),
  };
}
