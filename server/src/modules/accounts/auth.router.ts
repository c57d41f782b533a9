/**
 * The sign-in service with next-auth v4's wire behaviour (docs/behaviour.md §7 'Sign-in service') and the JSON
 * account calls that share its paths (docs/behaviour.md §7 'Account calls').
 */
import { Router, type Request, type Response } from 'express';
import {
  type AuthSessionResponse,
  PROVIDER_IDS,
  type ProviderId,
  providerParamsSchema,
  providerSignInFormSchema,
  sessionUpdateRequestSchema,
  signInRequestSchema,
  type SignInResponse,
  signOutRequestSchema,
} from '@shared/contracts/accounts';
import type { AppContext } from '../../context';
import { publicSessionId, usesSecureCookies } from '../../lib/sessions';
import { safeCallbackUrl } from '../../lib/site-url';
import { parseInput } from '../../lib/validate';
import { currentSupport, currentUser, requireUser, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { csrfProtectionFor } from '../../middleware/csrf';
import { loadAccountUser, type SessionUserRecord, toSessionUser } from '../../presenters/account';
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

export function authRouter(context: AppContext): Router {
  const { env, db, logger, sessions, site } = context;
  const router = Router();
  const csrf = csrfProtectionFor(context);
  const secureCookies = usesSecureCookies(env);
  const limits = accountRateLimiters(context);

  /**
   * The session answer for `record`: the user as loadCurrentUser read them for this request (no
   * second read of the same row on every call), or as an update just wrote them.
   */
  function sessionPayload(req: Request, record: SessionUserRecord | undefined): AuthSessionResponse {
    if (!record) return {};
    const expires = (req.session.cookie.expires ?? new Date(Date.now() + (req.session.cookie.maxAge ?? 0))).toISOString();
    const support = currentSupport(req);
    if (!support) return { user: toSessionUser(record), expires };
    const supportMode = {
      isActive: true as const,
      customerId: support.customerId,
      customerName: support.customerName,
      permissionLevel: support.permissionLevel,
      adminUserId: record.id,
      sessionStartTime: support.startedAt,
    };
    return { user: toSessionUser(record), expires, supportMode };
  }

  /** next-auth answers `{ url }` instead of redirecting when the form said json=true. */
  function redirectOrUrl(req: Request, res: Response, url: string, status = 200) {
    const wantsJson = (req.body as { json?: unknown } | undefined)?.json === 'true' || req.is('application/json') === 'application/json';
    if (wantsJson) res.status(status).json({ url });
    else res.redirect(302, url);
  }

  // ---- next-auth pages: the app's own pages stand in for next-auth's built-in ones.
  router.get('/auth/signin', (req, res) => res.redirect(302, `/auth/signin${queryOf(req)}`));
  const providerParams = validate({ params: providerParamsSchema });
  router.get('/auth/signin/:provider', providerParams, (req, res) => {
    const { provider } = providerParams.input(req).params;
    res.redirect(302, `${isProvider(provider) ? providerSignInPage[provider] : '/auth/signin'}${queryOf(req)}`);
  });
  router.get('/auth/signout', (req, res) => res.redirect(302, `/auth/signout${queryOf(req)}`));
  router.get('/auth/error', (req, res) => res.redirect(302, `/auth/error${queryOf(req)}`));
  // Credentials sign in by POST; a GET on a callback (a bookmarked or replayed link) goes to sign-in.
  router.get('/auth/callback', (_req, res) => res.redirect(302, '/auth/signin'));
  router.get('/auth/callback/:provider', providerParams, (req, res) => {
    const { provider } = providerParams.input(req).params;
    res.redirect(302, isProvider(provider) ? providerSignInPage[provider] : '/auth/signin');
  });

  router.get('/auth/session', async (req, res) => {
    noCache(res).json(sessionPayload(req, currentUser(req)));
  });

  router.get('/auth/csrf', (req, res) => {
    noCache(res).json({ csrfToken: csrf.issueToken(req, res) });
  });

  router.get('/auth/providers', (req, res) => {
    const origin = site.origin();
    const providers = Object.fromEntries(
      PROVIDER_IDS.map((id) => [id, { id, name: providerNames[id], type: 'credentials', signinUrl: `${origin}/api/auth/signin/${id}`, callbackUrl: `${origin}/api/auth/callback/${id}` }]),
    );
    res.json(providers);
  });

  // ---- next-auth form sign-in: POST /api/auth/signin/{provider} and /api/auth/callback/{provider}.
  const providerSignIn = async (req: Request, res: Response) => {
    const origin = site.origin();
    const { provider } = providerParams.input(req).params;
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
  router.post('/auth/signin/:provider', ...limits.signIn, providerParams, providerSignIn);
  router.post('/auth/callback/:provider', ...limits.signIn, providerParams, providerSignIn);
  // docs/behaviour.md §7: an unknown provider goes to sign-in, a form that names none to the error page.
  router.post('/auth/callback', (req, res) => redirectOrUrl(req, res, `${site.origin()}/auth/error?error=MissingProvider`, 400));

  // ---- JSON account sign-in (docs/behaviour.md §7 'Account calls').
  const signInRequest = validate({ body: signInRequestSchema });
  router.post('/auth/signin', ...limits.signIn, signInRequest, async (req, res) => {
    const { email, password } = signInRequest.input(req).body;
    const outcome = await authenticate(context, req, { email, password, provider: 'credentials' });
    if (!outcome.ok) throw signInRefusal(outcome);
    await establishSession(req, outcome.userId, 'credentials');
    const body: SignInResponse = { success: true, user: await loadAccountUser(db, outcome.userId), sessionId: publicSessionId(sessions.secret, req.sessionID) };
    res.json(body);
  });

  router.post('/auth/refresh', requireUser, async (req, res) => {
    const user = signedInUser(req);
    const body: SignInResponse = { success: true, user: await loadAccountUser(db, user.id), sessionId: publicSessionId(sessions.secret, req.sessionID) };
    res.json(body);
  });

  const signOutRequest = validate({ body: signOutRequestSchema });
  router.post('/auth/signout', signOutRequest, async (req, res) => {
    const form = signOutRequest.input(req).body;
    const user = currentUser(req);
    if (user) await recordSecurityEvent(db, req, 'sign_out', { userId: user.id, email: user.email });
    await endSession(req, res, secureCookies);
    const url = safeCallbackUrl(form.callbackUrl, site.origin(), '/');
    if (req.is('application/x-www-form-urlencoded') && form.json !== 'true') return res.redirect(302, url);
    res.json({ success: true, url });
  });

  router.post('/auth/force-signout', async (req, res) => {
    const user = currentUser(req);
    if (user) await recordSecurityEvent(db, req, 'sign_out', { userId: user.id, email: user.email, details: { forced: true } });
    await endSession(req, res, secureCookies);
    noCache(res).json({ success: true });
  });

  const sessionUpdateRequest = validate({ body: sessionUpdateRequestSchema });
  router.post('/auth/session', sessionUpdateRequest, async (req, res) => {
    const { data } = sessionUpdateRequest.input(req).body;
    const user = currentUser(req);
    const updated = user && data && Object.keys(data).length > 0 ? await db.user.update({ where: { id: user.id }, data }) : user;
    noCache(res).json(sessionPayload(req, updated));
  });

  // next-auth's client logger posts here; it must never fail, whatever it is sent.
  router.post('/auth/_log', (req, res) => {
    const { level, code } = (req.body ?? {}) as { level?: unknown; code?: unknown };
    logger.debug({ level: String(level).slice(0, 20), code: String(code).slice(0, 100) }, 'client sign-in log');
    res.json({});
  });

  return router;
}
