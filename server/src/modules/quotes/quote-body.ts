import express, { type RequestHandler } from 'express';
import { DRAFT_BODY_LIMIT_BYTES, draftTooLargeMessage } from '@shared/domain/quote/draft-limits';
import { AppError } from '../../lib/app-error';

/** The API paths whose body is a whole quote, with every paddock's outline (relative to /api). */
const QUOTE_BODY_PATHS = ['/quotes/draft', '/user/drafts', '/estimates', '/protection'];

const carriesQuote = (path: string) => QUOTE_BODY_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * JSON bodies for /api: a whole quote may be as large as the page can make one
 * (DRAFT_BODY_LIMIT_BYTES, worked out from the importer's limits in shared/domain/quote/draft-limits.ts);
 * everything else keeps the small limit. A quote over the limit is told why, in words.
 */
export function apiJsonBodies(otherLimit: string): RequestHandler {
  const quoteJson = express.json({ limit: DRAFT_BODY_LIMIT_BYTES });
  const otherJson = express.json({ limit: otherLimit });
  return (req, res, next) => {
    if (!carriesQuote(req.path)) return otherJson(req, res, next);
    quoteJson(req, res, (error?: unknown) => {
      if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
        const declared = Number(req.get('content-length'));
        return next(new AppError(413, 'draft_too_large', draftTooLargeMessage(Number.isFinite(declared) && declared > 0 ? declared : undefined)));
      }
      next(error);
    });
  };
}
