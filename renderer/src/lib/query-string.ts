/** A path with the query parameters that have a value, e.g. `/api/admin/users?search=bron&page=2`. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The value when it is one of the list's, else none: a filter in an address edited by hand falls back to the default list. */
export const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined => values.find((known) => known === value);
