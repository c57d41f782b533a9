/**
 * The sign-in service with next-auth v4's wire behaviour (docs/behaviour.md §7 'Sign-in service') and the JSON
 * account calls that share its paths (docs/behaviour.md §7 'Account calls').
 */
import type { Request, Response } from 'express';
import { PROVIDER_IDS, type ProviderId, providerSignInFormSchema } from '@shared/contracts/accounts';
import { signInEndpoints as endpoints } from '@shared/endpoints/sign-in';
import type { AppContext } from '../../context';
import { publicSessionId, usesSecureCookies } from '../../lib/sessions';
import { safeCallbackUrl } from '../../lib/site-url';
import { parseInput } from '../../lib/validate';
import { currentSupport, currentUser, signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { csrfProtectionFor } from '../../middleware/csrf';
import { loadAccountUser, presentAuthSession, type SessionUserRecord } from '../../presenters/account';
import { accountRateLimiters } from './rate-limits';
import { recordSecurityEvent } from './security-log';
import { authenticate, endSession, establishSession, signInRefusal } from './sign-in.service';

const providerNames: Record<ProviderId, string> = { credentials: 'E-mail and password', referrer: 'Referrer' };
/** The app's own pages that stand in for next-auth's built-in ones. */
const providerSignInPage: Record<ProviderId, string> = { credentials: '/auth/signin', referrer: '/auth/referrer-signin' };
const providerLandingPage: Record<ProviderId, string> = { credentials: '/dashboard', referrer: '/referrer/leads' };

const noCache = (res: Response) => res.set({ 'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate', Pragma: 'no-cache', Expires: '0' });
const isProvider = (id: string): id is ProviderId => (PROVIDER_IDS as readonly string[]).includes(id);
/** The query string of a request, passed on when a next-auth path hands over to an app page. */
const queryOf = (req: Request) => {
  const index = req.originalUrl.indexOf('?');
  return index === -1 ? '' : req.originalUrl.slice(index);
};

export function authRouter(context: AppContext) {
  const { env, db, logger, sessions, site } = context;
  const { router, serve } = endpointRouter(context);
  const csrf = csrfProtectionFor(context);
  const secureCookies = usesSecureCookies(env);
  const limits = accountRateLimiters(context);

  /**
   * The session answer for `record`: the user as loadCurrentUser read them for this request (no
   * second read of the same row on every call), or as an update just wrote them.
   */
  const sessionAnswer = (req: Request, record: SessionUserRecord | undefined) =>
    // Nobody signed in may have no session at all (one just ended): its cookie is read only for a user.
    record ? presentAuthSession(record, req.session.cookie.expires ?? new Date(Date.now() + (req.session.cookie.maxAge ?? 0)), currentSupport(req)) : {};

  /** next-auth answers `{ url }` instead of redirecting when the form said json=true. */
  function redirectOrUrl(req: Request, res: Response, url: string, status = 200) {
    const wantsJson = (req.body as { json?: unknown } | undefined)?.json === 'true' || req.is('application/json') === 'application/json';
    if (wantsJson) res.status(status).json({ url });
    else res.redirect(302, url);
  }

  // ---- next-auth pages: the app's own pages stand in for next-auth's built-in ones.
  const redirect = (to: (req: Request) => string) => async (req: Request, res: Response) => res.redirect(302, to(req));
  serve(endpoints.signInPage)({ handle: redirect((req) => `/auth/signin${queryOf(req)}`) });
  serve(endpoints.providerSignInPage)({
    handle: async (req, res, { params: { provider } }) => res.redirect(302, `${isProvider(provider) ? providerSignInPage[provider] : '/auth/signin'}${queryOf(req)}`),
  });
  serve(endpoints.signOutPage)({ handle: redirect((req) => `/auth/signout${queryOf(req)}`) });
  serve(endpoints.errorPage)({ handle: redirect((req) => `/auth/error${queryOf(req)}`) });
  // Credentials sign in by POST; a GET on a callback (a bookmarked or replayed link) goes to sign-in.
  serve(endpoints.callbackPage)({ handle: redirect(() => '/auth/signin') });
  serve(endpoints.providerCallbackPage)({ handle: async (_req, res, { params: { provider } }) => res.redirect(302, isProvider(provider) ? providerSignInPage[provider] : '/auth/signin') });

  serve(endpoints.session)({
    handle: async (req, res) => {
      noCache(res);
      return sessionAnswer(req, currentUser(req));
    },
  });

  serve(endpoints.csrf)({
    handle: async (req, res) => {
      noCache(res);
      return { csrfToken: csrf.issueToken(req, res) };
    },
  });

  serve(endpoints.providers)({
    handle: async () => {
      const origin = site.origin();
      return Object.fromEntries(
        PROVIDER_IDS.map((id) => [id, { id, name: providerNames[id], type: 'credentials', signinUrl: `${origin}/api/auth/signin/${id}`, callbackUrl: `${origin}/api/auth/callback/${id}` }]),
      );
    },
  });

  // ---- next-auth form sign-in: POST /api/auth/signin/{provider} and /api/auth/callback/{provider}.
  const providerSignIn = async (req: Request, res: Response, { params: { provider } }: { params: { provider: string } }) => {
    const origin = site.origin();
    if (!isProvider(provider)) return redirectOrUrl(req, res, `${origin}/auth/signin`);
    if (!csrf.hasValidToken(req)) return redirectOrUrl(req, res, `${origin}${providerSignInPage[provider]}?csrf=true`);
    const form = parseInput(providerSignInFormSchema, req.body ?? {});
    const errorUrl = (error: string) => `${origin}/api/auth/error?${new URLSearchParams({ error, provider })}`;
    if (!form.email || !form.password) return redirectOrUrl(req, res, errorUrl('CredentialsSignin'), 401);
    const outcome = await authenticate(context, req, { email: form.email, password: form.password, provider });
    if (!outcome.ok) {
      if (outcome.reason === 'AccountLocked') res.set('Retry-After', String(outcome.retryAfterSeconds));
      return redirectOrUrl(req, res, errorUrl(outcome.reason), outcome.reason === 'AccountLocked' ? 429 : outcome.reason === 'NotReferrer' || outcome.reason === 'AccountDisabled' ? 403 : 401);
    }
    await establishSession(req, outcome.userId, provider);
    redirectOrUrl(req, res, safeCallbackUrl(form.callbackUrl, origin, providerLandingPage[provider]));
  };
  serve(endpoints.providerSignIn)({ middleware: limits.signIn, handle: providerSignIn });
  serve(endpoints.providerCallback)({ middleware: limits.signIn, handle: providerSignIn });
  // docs/behaviour.md §7: an unknown provider goes to sign-in, a form that names none to the error page.
  serve(endpoints.callback)({ handle: async (req, res) => redirectOrUrl(req, res, `${site.origin()}/auth/error?error=MissingProvider`, 400) });

  // ---- JSON account sign-in (docs/behaviour.md §7 'Account calls').
  serve(endpoints.signIn)({
    middleware: limits.signIn,
    handle: async (req, _res, { body: { email, password } }) => {
      const outcome = await authenticate(context, req, { email, password, provider: 'credentials' });
      if (!outcome.ok) throw signInRefusal(outcome);
      await establishSession(req, outcome.userId, 'credentials');
      return { success: true, user: await loadAccountUser(db, outcome.userId), sessionId: publicSessionId(sessions.secret, req.sessionID) };
    },
  });

  serve(endpoints.refresh)({
    handle: async (req) => ({ success: true, user: await loadAccountUser(db, signedInUser(req).id), sessionId: publicSessionId(sessions.secret, req.sessionID) }),
  });

  serve(endpoints.signOut)({
    handle: async (req, res, { body: form }) => {
      const user = currentUser(req);
      if (user) await recordSecurityEvent(db, req, 'sign_out', { userId: user.id, email: user.email });
      await endSession(req, res, secureCookies);
      const url = safeCallbackUrl(form.callbackUrl, site.origin(), '/');
      if (req.is('application/x-www-form-urlencoded') && form.json !== 'true') return res.redirect(302, url);
      res.json({ success: true, url });
    },
  });

  serve(endpoints.forceSignOut)({
    handle: async (req, res) => {
      const user = currentUser(req);
      if (user) await recordSecurityEvent(db, req, 'sign_out', { userId: user.id, email: user.email, details: { forced: true } });
      await endSession(req, res, secureCookies);
      noCache(res);
      return { success: true };
    },
  });

  serve(endpoints.updateSession)({
    handle: async (req, res, { body: { data } }) => {
      const user = currentUser(req);
      const updated = user && data && Object.keys(data).length > 0 ? { ...(await db.user.update({ where: { id: user.id }, data })), referrer: user.referrer } : user;
      noCache(res);
      return sessionAnswer(req, updated);
    },
  });

  // next-auth's client logger posts here; it must never fail, whatever it is sent.
  serve(endpoints.clientLog)({
    handle: async (req, res) => {
      const { level, code } = (req.body ?? {}) as { level?: unknown; code?: unknown };
      logger.debug({ level: String(level).slice(0, 20), code: String(code).slice(0, 100) }, 'client sign-in log');
      res.json({});
    },
  });

  return router;
}
