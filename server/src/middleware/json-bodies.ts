import express, { type RequestHandler } from 'express';
import { REPORTING_LIMITS } from '@shared/contracts/public-site-limits';
import { DRAFT_BODY_LIMIT_BYTES, draftTooLargeMessage, farmTooLargeMessage } from '@shared/domain/quote/draft-limits';
import { AppError } from '../lib/app-error';

interface BodyRule {
  /** API paths (relative to /api) whose body this rule sizes; a prefix also covers its sub-paths. */
  paths: readonly string[];
  limitBytes: number;
  /** The refusal a person reads when the body is larger (declared size, when the client said it). */
  tooLarge: (declaredBytes: number | undefined) => AppError;
}

/**
 * What each kind of request may carry, decided before a byte is parsed: a whole quote may be as
 * large as the page can make one (shared/domain/quote/draft-limits.ts), and so may a farm; reports from the browser
 * are small (a larger body is broken or hostile); everything else has the general limit.
 */
const BODY_RULES: readonly BodyRule[] = [
  {
    // Pricing carries the paddocks' outlines, which decide their zones (shared/domain/geo/paddock-zones.ts).
    paths: ['/quotes/draft', '/user/drafts', '/estimates', '/protection', '/pricing/calculate'],
    limitBytes: DRAFT_BODY_LIMIT_BYTES,
    tooLarge: (declared) => new AppError(413, 'draft_too_large', draftTooLargeMessage(declared)),
  },
  {
    // Your Farm keeps the paddocks a quote carries, outlines and all, for next season's quote.
    paths: ['/farm/paddocks'],
    limitBytes: DRAFT_BODY_LIMIT_BYTES,
    tooLarge: (declared) => new AppError(413, 'farm_too_large', farmTooLargeMessage(declared)),
  },
  {
    paths: ['/errors/track', '/analytics/events'],
    limitBytes: REPORTING_LIMITS.bodyBytes,
    tooLarge: () => new AppError(413, 'payload_too_large', `Reports are limited to ${Math.round(REPORTING_LIMITS.bodyBytes / 1000)} kB per request; send them in smaller batches.`),
  },
];

const matches = (rule: BodyRule, path: string) => rule.paths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** JSON bodies for /api, each kind of request with its own size limit (BODY_RULES). */
export function apiJsonBodies(generalLimitBytes: number): RequestHandler {
  const general = express.json({ limit: generalLimitBytes });
  const parsers = BODY_RULES.map((rule) => ({ rule, parse: express.json({ limit: rule.limitBytes }) }));
  return (req, res, next) => {
    const match = parsers.find(({ rule }) => matches(rule, req.path));
    if (!match) return general(req, res, next);
    match.parse(req, res, (error?: unknown) => {
      if ((error as { type?: unknown } | undefined)?.type !== 'entity.too.large') return next(error);
      const declared = Number(req.get('content-length'));
      next(match.rule.tooLarge(Number.isFinite(declared) && declared > 0 ? declared : undefined));
    });
  };
}
