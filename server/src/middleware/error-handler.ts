import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiError } from '@shared/contracts/api-error';
import { AppError, notFound } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { outage, unavailableDependency } from '../lib/outages';
import { ValidationError } from '../lib/validate';

/** Any /api path no router answered. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(notFound(`No API route matches ${req.method} ${req.originalUrl.split('?')[0]}.`));
};

/** Body-parser errors carry a `type` and a status; they are the caller's fault, not ours. */
function bodyParserError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  switch ((error as { type: unknown }).type) {
    case 'entity.parse.failed':
      return new AppError(400, 'malformed_json', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new AppError(413, 'payload_too_large', 'The request body is too large.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'unsupported_encoding', 'The request body encoding is not supported.');
    default:
      return undefined;
  }
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = error instanceof AppError ? error : bodyParserError(error);
    const down = known ? undefined : unavailableDependency(error);
    // An outage is a warning (the service's own client logs its cause); anything else unexpected is an error.
    if (down) logger.warn({ dependency: down, method: req.method, url: req.originalUrl, reason: error instanceof Error ? error.message.split('\n')[0] : String(error) }, `${down} unavailable`);
    else if (!known) logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
    const appError = known ?? (down ? outage(down) : new AppError(500, 'internal_error', 'Something went wrong on our side. Please try again in a moment.'));
    const body: ApiError = { error: appError.code, message: appError.message };
    if (appError instanceof ValidationError) body.issues = appError.issues;
    if (res.headersSent) return;
    res.status(appError.status).set(appError.headers).json(body);
  };
}
