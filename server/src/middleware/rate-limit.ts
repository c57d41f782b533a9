import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { RateLimitName } from '../config/rate-limits';
import type { AppContext } from '../context';
import { tooManyRequests } from '../lib/app-error';
import { currentUser } from './auth';
import { waitInWords } from '@shared/format';

export interface RateLimitOptions {
  /** What to count by; the client address by default. */
  key?: (req: Request) => string;
  /** The sentence the person sees, without the wait (it is appended). */
  message: string;
}

/** The client address, with IPv6 addresses grouped by their /56 as express-rate-limit advises. */
export const clientAddressKey = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/**
 * The named limit of RATE_LIMITS, answered as 429 with Retry-After and the usual `{ error, message }`
 * body. Counts live where the shared state keeps them (Redis with REDIS_URL, so a limit holds
 * whichever instance answers); RATE_LIMIT_DISABLED switches every limit off (benchmarks only).
 */
export function createRateLimit({ env, shared }: Pick<AppContext, 'env' | 'shared'>, name: RateLimitName, { key = clientAddressKey, message }: RateLimitOptions): RequestHandler {
  if (env.RATE_LIMIT_DISABLED) return (_req, _res, next) => next();
  const { windowMs, limit } = env.RATE_LIMITS[name];
  const store = shared.rateLimitStore(name);
  return rateLimit({
    windowMs,
    limit,
    keyGenerator: key,
    ...(store ? { store } : {}),
    // Redis unreachable for a moment: let the request through (the per-account sign-in lockout in
    // the database still holds) rather than refuse everyone; express-rate-limit logs the error.
    passOnStoreError: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, _res, next) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfterSeconds = resetTime ? (resetTime.getTime() - Date.now()) / 1000 : windowMs / 1000;
      next(tooManyRequests(`${message} Please try again in ${waitInWords(retryAfterSeconds)}.`, retryAfterSeconds));
    },
  });
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every change a signed-in caller sends, counted per account whatever address it comes from
 * (writesPerAccount): the per-address limits of the public forms stop a flood from one network, this
 * one a flood from one account spread over many. Auto-save, a person's busiest writer, stays far
 * below it.
 */
export function accountWriteLimit(context: Pick<AppContext, 'env' | 'shared'>): RequestHandler {
  const limiter = createRateLimit(context, 'writesPerAccount', { key: (req) => `user:${currentUser(req)?.id ?? ''}`, message: 'Too many changes were sent from this account in a short time.' });
  return (req, res, next) => (READS.has(req.method) || !currentUser(req) ? next() : limiter(req, res, next));
}
