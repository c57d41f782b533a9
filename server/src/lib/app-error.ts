/**
 * The one error type services throw. The error middleware turns it into `{ error, message }` with
 * its HTTP status; `error` is a stable machine code, `message` a sentence a person can act on.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in to continue.', code = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do that.', code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message = 'Not found.', code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new AppError(429, 'too_many_requests', message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
