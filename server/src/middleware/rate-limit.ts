import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { tooManyRequests } from '../lib/app-error';

export interface RateLimitOptions {
  /** Length of the window. */
  windowMs: number;
  /** Requests allowed per key in a window. */
  limit: number;
  /** What to count by; the client address by default. */
  key?: (req: Request) => string;
  /** The sentence the person sees, without the wait (it is appended). */
  message: string;
  disabled: boolean;
}

/** The client address, with IPv6 addresses grouped by their /56 as express-rate-limit advises. */
export const clientAddressKey = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/**
 * A rate limit answered as 429 with Retry-After and the usual `{ error, message }` body. Counts
 * are kept in memory per process; RATE_LIMIT_DISABLED switches every limit off (benchmarks only).
 */
export function createRateLimit({ windowMs, limit, key = clientAddressKey, message, disabled }: RateLimitOptions): RequestHandler {
  if (disabled) return (_req, _res, next) => next();
  return rateLimit({
    windowMs,
    limit,
    keyGenerator: key,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, _res, next) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfterSeconds = resetTime ? (resetTime.getTime() - Date.now()) / 1000 : windowMs / 1000;
      const minutes = Math.ceil(retryAfterSeconds / 60);
      next(tooManyRequests(`${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfterSeconds));
    },
  });
}
