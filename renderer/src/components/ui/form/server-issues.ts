import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../../../lib/api-client';

/** The key under which a form keeps a failure that belongs to no field. */
export const FORM_ERROR = 'root.server' as const;

/**
 * Puts a failed call's message where the person will look: each of a 400's `issues` on its field
 * (a path the form knows, or a path inside one, such as `paddocks.2.areaHa` of a list), anything
 * else on the form as a whole. Returns the form-level message.
 */
export function applyServerError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fieldNames: readonly string[], fallback: string): string | undefined {
  if (!(error instanceof ApiRequestError)) {
    setError(FORM_ERROR, { type: 'server', message: fallback });
    return fallback;
  }
  const onAField = (path: string) => fieldNames.includes(path.split('.')[0] ?? path);
  const unplaced = error.issues.filter((issue) => !onAField(issue.path));
  for (const issue of error.issues) {
    if (onAField(issue.path)) setError(issue.path as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: true });
  }
  if (error.issues.length > 0 && unplaced.length === 0) return undefined;
  const message = unplaced[0]?.message ?? error.message;
  setError(FORM_ERROR, { type: 'server', message });
  return message;
}
