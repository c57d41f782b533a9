import type { Request, RequestHandler } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import { AppError } from '../lib/app-error';
import type { AppContext } from '../context';
import { cookieNames, usesSecureCookies } from '../lib/sessions';

export const CSRF_HEADER = 'x-csrf-token';

/** Form routes of the sign-in service answer a bad token themselves (a redirect with csrf=true). */
const routesWithTheirOwnCheck = [/^\/auth\/signin\/[^/]+$/, /^\/auth\/callback\/[^/]+$/, /^\/auth\/_log$/];

export interface CsrfProtection {
  /** A token bound to this session (issuing one keeps a visitor's session, so the binding holds). */
  issueToken: (req: Request, res: Parameters<RequestHandler>[1]) => string;
  /** True when the request carries a valid token in the header or the csrfToken form field. */
  hasValidToken: (req: Request) => boolean;
  /** Checks every state-changing /api request (mount under /api, after the session). */
  middleware: RequestHandler;
}

/**
 * CSRF defence for every state-changing /api request. A request passes when either
 * - it carries a double-submit token (X-CSRF-Token header or csrfToken form field) that matches the
 *   HttpOnly CSRF cookie and is bound to this session by an HMAC with the server secret, or
 * - the browser proves it came from this site: Sec-Fetch-Site is 'same-origin', or, from a browser
 *   that sends no Fetch Metadata, the Origin header is this site's origin.
 * A cross-site page can forge neither, and non-browser clients carry no victim's cookies.
 */
export function createCsrfProtection({ secret, secureCookies, publicUrl }: { secret: string; secureCookies: boolean; publicUrl?: string }): CsrfProtection {
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => req.sessionID ?? '',
    cookieName: cookieNames(secureCookies).csrf,
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' },
    getCsrfTokenFromRequest: (req) => {
      const header = req.get(CSRF_HEADER);
      if (header) return header;
      const field = (req.body as { csrfToken?: unknown } | undefined)?.csrfToken;
      return typeof field === 'string' ? field : undefined;
    },
  });

  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  const isProvenSameOrigin = (req: Request) => {
    const site = req.get('sec-fetch-site');
    if (site) return site === 'same-origin';
    const origin = req.get('origin');
    if (!origin || origin === 'null') return false;
    return origin === publicOrigin || origin === `${req.protocol}://${req.get('host')}`;
  };

  const hasValidToken = (req: Request) => {
    try {
      return validateRequest(req);
    } catch {
      return false;
    }
  };

  return {
    issueToken(req, res) {
      if (!req.session.userId && !req.session.csrfIssuedAt) req.session.csrfIssuedAt = Date.now();
      return generateCsrfToken(req, res, { overwrite: false });
    },
    hasValidToken,
    middleware(req, _res, next) {
      if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
      if (routesWithTheirOwnCheck.some((route) => route.test(req.path))) return next();
      if (hasValidToken(req) || isProvenSameOrigin(req)) return next();
      throw new AppError(403, 'csrf_invalid', 'This request could not be verified as coming from this site. Reload the page and try again.');
    },
  };
}

/** The CSRF protection of a running app; stateless, so the middleware and the auth routes share it. */
export function csrfProtectionFor({ env, sessions }: Pick<AppContext, 'env' | 'sessions'>): CsrfProtection {
  return createCsrfProtection({ secret: sessions.secret, secureCookies: usesSecureCookies(env), publicUrl: env.PUBLIC_URL });
}
