import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiError } from '@shared/contracts/api-error';
import type { FailureWords } from '@shared/endpoints/endpoint';
import { AppError, notFound } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { outage, unavailableDependency } from '../lib/outages';
import { ValidationError } from '../lib/validate';

/** Any /api path no router answered. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(notFound(`No API route matches ${req.method} ${req.originalUrl.split('?')[0]}.`));
};

/** Whether a body body-parser refused is JSON all the same: a bare number, text, true or null, which its strict mode refuses as a request's body. */
function isJsonText(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/** Body-parser errors carry a `type` and a status; they are the caller's fault, not ours. */
function bodyParserError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  switch ((error as { type: unknown }).type) {
    case 'entity.parse.failed':
      return new AppError(
        400,
        'malformed_json',
        isJsonText((error as { body?: unknown }).body) ? 'The request body must be a JSON object or list, such as {"name": "value"}.' : 'The request body is not valid JSON.',
      );
    case 'entity.too.large':
      return new AppError(413, 'payload_too_large', 'The request body is too large.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'unsupported_encoding', 'The request body encoding is not supported.');
    default:
      return undefined;
  }
}

/** Express's router cannot decode a parameter of the address ('%E0%A4%A', an encoded half of a character): the link is broken, not the server. */
function undecodableAddress(error: unknown): AppError | undefined {
  if (!(error instanceof URIError) || (error as URIError & { status?: unknown }).status !== 400) return undefined;
  return new AppError(400, 'malformed_address', 'The address holds a %-escape that is not a character (a link cut short or mistyped); check the link and try again.');
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = error instanceof AppError ? error : (bodyParserError(error) ?? undecodableAddress(error));
    const down = known ? undefined : unavailableDependency(error);
    // An outage is a warning (the service's own client logs its cause); anything else unexpected is an error.
    if (down) logger.warn({ dependency: down, method: req.method, url: req.originalUrl, reason: error instanceof Error ? error.message.split('\n')[0] : String(error) }, `${down} unavailable`);
    else if (!known) logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
    const words = res.locals['failures'] as FailureWords | undefined;
    const unexpected = words?.error === 'message' ? words.unexpected : 'Something went wrong on our side. Please try again in a moment.';
    const appError = known ?? (down ? outage(down) : new AppError(500, 'internal_error', unexpected));
    if (res.headersSent) return;
    res.status(appError.status).set(appError.headers).json(failureBody(appError, words));
  };
}

/** The answer to a failure, in the words the endpoint's record asks for. */
function failureBody(appError: AppError, words: FailureWords | undefined): ApiError {
  const issues = appError instanceof ValidationError ? appError.issues : undefined;
  if (words?.error === 'sentence') {
    const sentence = issues ? (issues[0]?.message ?? 'Please check the form and try again.') : appError.message;
    return { error: sentence, message: sentence, ...(issues && { issues }) };
  }
  if (words?.error === 'message') return { success: false, error: appError.message, message: appError.message, ...(issues && { issues }) };
  return { error: appError.code, message: appError.message, ...(issues && { issues }) };
}
