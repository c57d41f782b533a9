import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import { AppError } from '../lib/app-error';
import type { AppContext } from '../context';
import { cookieNames, usesSecureCookies } from '../lib/sessions';

export const CSRF_HEADER = 'x-csrf-token';

/**
 * Form routes of the sign-in service answer a bad token themselves (a redirect with csrf=true); a
 * callback that names no provider changes nothing and only sends the browser to the error page.
 */
const routesWithTheirOwnCheck = [/^\/auth\/signin\/[^/]+$/, /^\/auth\/callback(\/[^/]+)?$/, /^\/auth\/_log$/];

export interface CsrfProtection {
  /**
   * A token bound to the signed-in session, or for a visitor to a random visitor id kept in a
   * signed cookie: a visitor's token stores nothing on the server (no session row).
   */
  issueToken: (req: Request, res: Response) => string;
  /** True when the request carries a valid token in the header or the csrfToken form field. */
  hasValidToken: (req: Request) => boolean;
  /** Checks every state-changing /api request (mount under /api, after the session). */
  middleware: RequestHandler;
}

/**
 * CSRF defence for every state-changing /api request. A request passes when either
 * - it carries a double-submit token (X-CSRF-Token header or csrfToken form field) that matches the
 *   HttpOnly CSRF cookie and is bound by an HMAC with the server secret to this signed-in session,
 *   or for a visitor to the visitor id of their signed visitor cookie, or
 * - the browser proves it came from this site: Sec-Fetch-Site is 'same-origin', or, from a browser
 *   that sends no Fetch Metadata, the Origin header is this site's origin.
 * A cross-site page can forge neither, and non-browser clients carry no victim's cookies.
 */
export function createCsrfProtection({ secret, secureCookies, publicUrl }: { secret: string; secureCookies: boolean; publicUrl?: string }): CsrfProtection {
  const names = cookieNames(secureCookies);
  const visitorIds = new WeakMap<Request, string>();
  const signVisitorId = (id: string) => createHmac('sha256', secret).update(`csrf-visitor:${id}`).digest('base64url');
  /** The visitor id of a genuine (signed by us) visitor cookie, or undefined. */
  const visitorIdOf = (req: Request): string | undefined => {
    const issued = visitorIds.get(req);
    if (issued) return issued;
    const cookie: unknown = (req.cookies as Record<string, unknown> | undefined)?.[names.visitor];
    if (typeof cookie !== 'string') return undefined;
    const [id, signature] = cookie.split('.');
    if (!id || !signature) return undefined;
    const expected = Buffer.from(signVisitorId(id));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
  };
  /** A signed-in request is bound to its session; a visitor to their visitor id (never to an unsaved session). */
  const bindingOf = (req: Request): string | undefined => {
    if (req.session?.userId) return `session:${req.sessionID}`;
    const visitorId = visitorIdOf(req);
    return visitorId ? `visitor:${visitorId}` : undefined;
  };

  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => bindingOf(req) ?? '',
    cookieName: names.csrf,
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
    if (!bindingOf(req)) return false;
    try {
      return validateRequest(req);
    } catch {
      return false;
    }
  };

  return {
    issueToken(req, res) {
      if (!bindingOf(req)) {
        const visitorId = randomBytes(18).toString('base64url');
        visitorIds.set(req, visitorId);
        res.cookie(names.visitor, `${visitorId}.${signVisitorId(visitorId)}`, { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' });
      }
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
