/**
 * docs/behaviour.md §8 'Error reporting': which failed API calls are reported. Reported: every 5xx, network
 * failures (status 0), 401, 403, 404 and the other 4xx, except
 * - a 400 whose error text is not a server error (the person typed something the form rejects),
 * - a 401 on an authentication path (a wrong password is not a fault),
 * - a 409 saying something already exists (an expected answer, e.g. a registered e-mail).
 */
export interface ApiFailure {
  /** HTTP status; 0 for a network failure. */
  status: number;
  /** The request path, e.g. /api/auth/signin. */
  path: string;
  /** The error text the server answered with (its `error` and `message`), if any. */
  errorText?: string;
}

/** A 400 is a server error only when its text says so. */
const SERVER_ERROR_TEXT = /\b(server|internal)\b/i;
const ALREADY_EXISTS_TEXT = /already exists/i;

export function isAuthPath(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return pathname === '/api/auth' || pathname.startsWith('/api/auth/') || pathname.startsWith('/auth/');
}

export function shouldReportApiFailure({ status, path, errorText = '' }: ApiFailure): boolean {
  if (status === 0) return true;
  if (status >= 500) return true;
  if (status < 400) return false;
  if (status === 400) return SERVER_ERROR_TEXT.test(errorText);
  if (status === 401) return !isAuthPath(path);
  if (status === 409) return !ALREADY_EXISTS_TEXT.test(errorText);
  return true;
}
